CREATE TABLE `destination_windows` (
	`endpoint_id` text NOT NULL,
	`window_from` integer NOT NULL,
	`window_to` integer NOT NULL,
	`delivery_id` text,
	`created_at` text NOT NULL,
	PRIMARY KEY(`endpoint_id`, `window_from`),
	FOREIGN KEY (`endpoint_id`) REFERENCES `webhook_endpoints`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `webhook_deliveries` ADD `window_from` integer;--> statement-breakpoint
ALTER TABLE `webhook_deliveries` ADD `window_to` integer;--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `email_to` text;--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `cadence` text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `digest_hour` integer DEFAULT 9 NOT NULL;--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `time_zone` text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `quiet_from` integer;--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `quiet_to` integer;--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `window_from` integer;