CREATE TABLE `email_changes` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`new_email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_changes_user_unique` ON `email_changes` (`user_id`);--> statement-breakpoint
CREATE INDEX `email_changes_email_idx` ON `email_changes` (`new_email`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_seen_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `email_confirmed_at` integer;--> statement-breakpoint
-- Accounts that could sign in before this migration keep their address as confirmed, so nobody
-- is locked out; accounts still waiting for their first password confirm it with that link.
UPDATE `users` SET `email_confirmed_at` = `updated_at` WHERE `password_hash` IS NOT NULL;
