CREATE TABLE `blog_categories` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blog_categories_slug_unique` ON `blog_categories` (`slug`);--> statement-breakpoint
CREATE TABLE `blog_category_names` (
	`category_id` text NOT NULL,
	`language` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`category_id`, `language`),
	FOREIGN KEY (`category_id`) REFERENCES `blog_categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `blog_posts` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`language` text NOT NULL,
	`translation_group` text NOT NULL,
	`category_id` text NOT NULL,
	`title` text NOT NULL,
	`excerpt` text DEFAULT '' NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`cover_key` text,
	`cover_alt` text DEFAULT '' NOT NULL,
	`cover_width` integer,
	`cover_height` integer,
	`state` text DEFAULT 'draft' NOT NULL,
	`publish_at` integer,
	`author_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `blog_categories`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blog_posts_slug_unique` ON `blog_posts` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `blog_posts_translation_unique` ON `blog_posts` (`translation_group`,`language`);--> statement-breakpoint
CREATE INDEX `blog_posts_listing_idx` ON `blog_posts` (`category_id`,`language`,`publish_at`);--> statement-breakpoint
-- D1 runs a migration in one transaction, where `foreign_keys=OFF` is ignored: defer the checks
-- instead (D1's documented way to rebuild a table).
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_feedback` (
	`id` text PRIMARY KEY NOT NULL,
	`name_sender` text NOT NULL,
	`email` text NOT NULL,
	`number_mobile` text,
	`text` text NOT NULL,
	`page_send` text,
	`user_id` text,
	`client_ip_hash` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
-- The old table had no ip hash, and a sender whose account is gone keeps the message unsigned.
INSERT INTO `__new_feedback`("id", "name_sender", "email", "number_mobile", "text", "page_send", "user_id", "client_ip_hash", "created_at") SELECT "id", "name_sender", "email", "number_mobile", "text", "page_send", (SELECT `id` FROM `users` WHERE `users`.`id` = `feedback`.`user_id`), NULL, "created_at" FROM `feedback`;--> statement-breakpoint
DROP TABLE `feedback`;--> statement-breakpoint
ALTER TABLE `__new_feedback` RENAME TO `feedback`;--> statement-breakpoint
PRAGMA defer_foreign_keys = off;--> statement-breakpoint
ALTER TABLE `users` ADD `site_admin` integer DEFAULT false NOT NULL;