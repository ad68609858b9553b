CREATE TABLE `git_commit_mentions` (
	`task_id` text NOT NULL,
	`repo_id` text NOT NULL,
	`hexsha` text NOT NULL,
	`project_id` text NOT NULL,
	`title` text NOT NULL,
	`author_name` text NOT NULL,
	`committed_at` integer NOT NULL,
	`pushed_by` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`task_id`, `repo_id`, `hexsha`),
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`repo_id`) REFERENCES `git_repositories`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`pushed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `git_commit_mentions_task_idx` ON `git_commit_mentions` (`task_id`,`committed_at`);--> statement-breakpoint
ALTER TABLE `git_repositories` ADD `protect_default_branch` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `git_repositories` ADD `protected_admins_only` integer DEFAULT false NOT NULL;