CREATE TABLE `autopay` (
	`user_id` text PRIMARY KEY NOT NULL,
	`active` integer DEFAULT false NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `donations` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`donor_id` text,
	`recipient_user_id` text,
	`message` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`donor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`recipient_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `donations_payment_unique` ON `donations` (`payment_id`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`state` text DEFAULT 'in_flight' NOT NULL,
	`status` integer,
	`body` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_idx` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
CREATE TABLE `licences` (
	`user_id` text PRIMARY KEY NOT NULL,
	`tariff_id` text NOT NULL,
	`type_license` text NOT NULL,
	`price_id` text,
	`expires_at` integer NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tariff_id`) REFERENCES `tariffs`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`price_id`) REFERENCES `tariff_prices`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `payment_events` (
	`provider` text NOT NULL,
	`event_id` text NOT NULL,
	`type` text NOT NULL,
	`payment_id` text,
	`received_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`provider`, `event_id`)
);
--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`price_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider` text NOT NULL,
	`provider_ref` text,
	`provider_payment_ref` text,
	`checkout_url` text,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`period` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`price_id`) REFERENCES `tariff_prices`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `payments_user_idx` ON `payments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payments_provider_ref_idx` ON `payments` (`provider_ref`);--> statement-breakpoint
CREATE TABLE `tariff_prices` (
	`id` text PRIMARY KEY NOT NULL,
	`tariff_id` text NOT NULL,
	`period` text NOT NULL,
	`currency` text NOT NULL,
	`amount` integer NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`tariff_id`) REFERENCES `tariffs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tariff_prices_unique` ON `tariff_prices` (`tariff_id`,`period`,`currency`);--> statement-breakpoint
CREATE TABLE `tariffs` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`customer_id` text,
	`limit_projects` integer NOT NULL,
	`limit_participants` integer NOT NULL,
	`limit_storage_bytes` integer NOT NULL,
	`limit_ai_requests_per_hour` integer NOT NULL,
	`limit_repository_bytes` integer NOT NULL,
	`limit_meeting_size` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tariffs_customer_idx` ON `tariffs` (`customer_id`);--> statement-breakpoint
-- The public plans (issue 23). Limits: projects owned, participants per project, storage in
-- bytes, AI requests per hour, repository size in bytes, people per meeting.
INSERT INTO `tariffs` (`id`, `slug`, `name`, `sort`, `customer_id`, `limit_projects`, `limit_participants`, `limit_storage_bytes`, `limit_ai_requests_per_hour`, `limit_repository_bytes`, `limit_meeting_size`) VALUES
  ('7a1f0000-0000-4000-8000-000000000001', 'free', 'Free', 0, NULL, 10, 50, 1073741824, 20, 104857600, 4),
  ('7a1f0000-0000-4000-8000-000000000002', 'team', 'Team', 1, NULL, 100, 200, 53687091200, 200, 1073741824, 25),
  ('7a1f0000-0000-4000-8000-000000000003', 'business', 'Business', 2, NULL, 1000, 2000, 536870912000, 1000, 10737418240, 100);
--> statement-breakpoint
INSERT INTO `tariff_prices` (`id`, `tariff_id`, `period`, `currency`, `amount`, `active`) VALUES
  ('7a1f0000-0000-4000-8000-000000000101', '7a1f0000-0000-4000-8000-000000000001', 'month', 'eur', 0, 1),
  ('7a1f0000-0000-4000-8000-000000000102', '7a1f0000-0000-4000-8000-000000000001', 'year', 'eur', 0, 1),
  ('7a1f0000-0000-4000-8000-000000000201', '7a1f0000-0000-4000-8000-000000000002', 'month', 'eur', 800, 1),
  ('7a1f0000-0000-4000-8000-000000000202', '7a1f0000-0000-4000-8000-000000000002', 'year', 'eur', 8000, 1),
  ('7a1f0000-0000-4000-8000-000000000203', '7a1f0000-0000-4000-8000-000000000002', 'month', 'usd', 900, 1),
  ('7a1f0000-0000-4000-8000-000000000204', '7a1f0000-0000-4000-8000-000000000002', 'year', 'usd', 9000, 1),
  ('7a1f0000-0000-4000-8000-000000000301', '7a1f0000-0000-4000-8000-000000000003', 'month', 'eur', 1600, 1),
  ('7a1f0000-0000-4000-8000-000000000302', '7a1f0000-0000-4000-8000-000000000003', 'year', 'eur', 16000, 1),
  ('7a1f0000-0000-4000-8000-000000000303', '7a1f0000-0000-4000-8000-000000000003', 'month', 'usd', 1800, 1),
  ('7a1f0000-0000-4000-8000-000000000304', '7a1f0000-0000-4000-8000-000000000003', 'year', 'usd', 18000, 1);
