ALTER TABLE `blog_posts` ADD `cover_variants` text;--> statement-breakpoint
ALTER TABLE `users` ADD `tour_seen_at` integer;