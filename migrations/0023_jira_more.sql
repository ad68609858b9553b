CREATE TABLE `jira_connections` (
	`user_id` text PRIMARY KEY NOT NULL,
	`cloud_id` text,
	`sealed_access` text NOT NULL,
	`sealed_refresh` text NOT NULL,
	`expires_at` integer NOT NULL,
	`browser_refresh_hash` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `jira_syncs` (
	`project_id` text PRIMARY KEY NOT NULL,
	`import_id` text NOT NULL,
	`every` text NOT NULL,
	`next_at` integer NOT NULL,
	`last_synced_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`import_id`) REFERENCES `jira_imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `jira_syncs_next_idx` ON `jira_syncs` (`next_at`);