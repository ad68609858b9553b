CREATE TABLE `poker_estimates` (
	`task_id` text NOT NULL,
	`room_id` text NOT NULL,
	`project_id` text NOT NULL,
	`value` real NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`task_id`, `room_id`),
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `poker_estimates_project_idx` ON `poker_estimates` (`project_id`);--> statement-breakpoint
CREATE TABLE `retro_action_tasks` (
	`task_id` text PRIMARY KEY NOT NULL,
	`room_id` text NOT NULL,
	`project_id` text NOT NULL,
	`note` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `retro_action_tasks_room_idx` ON `retro_action_tasks` (`room_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `retro_sprints` (
	`room_id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`sprint_id` text NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sprint_id`) REFERENCES `sprints`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `retro_sprints_project_idx` ON `retro_sprints` (`project_id`,`sprint_id`);