CREATE TABLE `task_search_docs` (
	`id` integer PRIMARY KEY NOT NULL,
	`task_id` text NOT NULL,
	`project_id` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`comments` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `task_search_docs_task_unique` ON `task_search_docs` (`task_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `task_links_one_parent` ON `task_links` (`target_id`) WHERE kind = 'parent';