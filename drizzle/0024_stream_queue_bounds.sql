CREATE TABLE IF NOT EXISTS `stream_queue_bounds` (
	`platform` text NOT NULL,
	`team_id` text NOT NULL,
	`since` text NOT NULL,
	PRIMARY KEY(`platform`, `team_id`),
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
