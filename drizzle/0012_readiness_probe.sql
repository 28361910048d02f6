CREATE TABLE `readiness_probe` (
	`id` integer PRIMARY KEY NOT NULL,
	`room` blob NOT NULL
);
