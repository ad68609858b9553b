CREATE TABLE `participant_trash` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`user_id` text NOT NULL,
	`is_verifications` integer NOT NULL,
	`root` integer NOT NULL,
	`write` integer NOT NULL,
	`read` integer NOT NULL,
	`sort` integer NOT NULL,
	`joined_at` integer NOT NULL,
	`removed_by` text,
	`removed_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`removed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `participant_trash_project_idx` ON `participant_trash` (`project_id`);--> statement-breakpoint
CREATE INDEX `participant_trash_removed_idx` ON `participant_trash` (`removed_at`);