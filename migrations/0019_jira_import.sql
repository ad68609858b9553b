CREATE TABLE `jira_entities` (
	`project_id` text NOT NULL,
	`kind` text NOT NULL,
	`jira_id` text NOT NULL,
	`local_id` text NOT NULL,
	`jira_key` text,
	`jira_updated` text,
	PRIMARY KEY(`project_id`, `kind`, `jira_id`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `jira_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`user_id` text,
	`cloud_id` text NOT NULL,
	`jira_projects` text NOT NULL,
	`jql` text,
	`phase` text DEFAULT 'setup' NOT NULL,
	`report` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `jira_imports_project_idx` ON `jira_imports` (`project_id`,`created_at`);