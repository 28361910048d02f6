CREATE TABLE `forgotten_authors` (
	`key` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`forgotten_at` text NOT NULL,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `forgotten_authors_team_idx` ON `forgotten_authors` (`team_id`);