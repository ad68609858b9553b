CREATE TABLE `project_donation_pages` (
	`project_id` text PRIMARY KEY NOT NULL,
	`public_id` text NOT NULL,
	`open` integer DEFAULT true NOT NULL,
	`updated_by` text,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `project_donation_pages_public_unique` ON `project_donation_pages` (`public_id`);--> statement-breakpoint
ALTER TABLE `donations` ADD `recipient_project_id` text REFERENCES projects(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `payments` ADD `awaiting_authentication` integer DEFAULT false NOT NULL;