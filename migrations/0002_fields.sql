CREATE TABLE `field_definitions` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`slug` text,
	`title` text,
	`type_fields` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`individual_value` integer DEFAULT false NOT NULL,
	`hide_to_user` integer DEFAULT false NOT NULL,
	`values_set` text DEFAULT '[]' NOT NULL,
	`entities` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `field_definitions_project_idx` ON `field_definitions` (`project_id`,`sort`);--> statement-breakpoint
CREATE UNIQUE INDEX `field_definitions_slug_unique` ON `field_definitions` (`project_id`,`slug`);--> statement-breakpoint
CREATE TABLE `field_values` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`field_id` text NOT NULL,
	`entity_kind` text NOT NULL,
	`entity_id` text NOT NULL,
	`participant_value` text DEFAULT '' NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`field_id`) REFERENCES `field_definitions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `field_values_unique` ON `field_values` (`field_id`,`entity_id`,`participant_value`);--> statement-breakpoint
CREATE INDEX `field_values_entity_idx` ON `field_values` (`entity_kind`,`entity_id`);