ALTER TABLE `sprints` ADD `capacity` real;--> statement-breakpoint
ALTER TABLE `sprints` ADD `availability` text DEFAULT '[]' NOT NULL;