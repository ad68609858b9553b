CREATE TABLE `saved_filters` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`title` text NOT NULL,
	`shared` integer DEFAULT false NOT NULL,
	`conditions` text DEFAULT '[]' NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `saved_filters_project_idx` ON `saved_filters` (`project_id`);--> statement-breakpoint
CREATE TABLE `view_fields` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`view` text NOT NULL,
	`field_id` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`edit_mode` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`field_id`) REFERENCES `field_definitions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `view_fields_unique` ON `view_fields` (`project_id`,`view`,`field_id`);