CREATE TABLE IF NOT EXISTS `webhook_rate_limits` (
	`endpoint_id` text PRIMARY KEY NOT NULL,
	`remaining` integer NOT NULL,
	`reset_at` integer NOT NULL,
	FOREIGN KEY (`endpoint_id`) REFERENCES `webhook_endpoints`(`id`) ON UPDATE no action ON DELETE cascade
);
