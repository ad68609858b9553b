CREATE TABLE `billing_customers` (
	`user_id` text NOT NULL,
	`provider` text NOT NULL,
	`customer_ref` text NOT NULL,
	`payment_method_ref` text,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `provider`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `licence_notices` (
	`user_id` text NOT NULL,
	`period_end` integer NOT NULL,
	`kind` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `period_end`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `licence_periods` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`tariff_id` text NOT NULL,
	`type_license` text NOT NULL,
	`period` text NOT NULL,
	`payment_id` text,
	`paid_by` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`ended_by` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tariff_id`) REFERENCES `tariffs`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `licence_periods_user_idx` ON `licence_periods` (`user_id`,`starts_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `licence_periods_payment_unique` ON `licence_periods` (`payment_id`);--> statement-breakpoint
CREATE TABLE `renewal_attempts` (
	`user_id` text NOT NULL,
	`period_end` integer NOT NULL,
	`attempt` integer NOT NULL,
	`payment_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `period_end`, `attempt`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `renewal_attempts_payment_unique` ON `renewal_attempts` (`payment_id`);--> statement-breakpoint
CREATE INDEX `renewal_attempts_created_idx` ON `renewal_attempts` (`user_id`,`created_at`);