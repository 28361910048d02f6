-- docs/people.md#heat: a signal judged not relevant (or stored while its person was muted) no longer counts in its
-- person's figures. The figures kept until now counted every signal: summed up again without the dismissed ones.
UPDATE `people` SET
  `signal_count` = (SELECT count(*) FROM `signals` s WHERE s.`person_id` = `people`.`id` AND s.`dismissed` = 0),
  `best_score` = coalesce((SELECT max(s.`score`) FROM `signals` s WHERE s.`person_id` = `people`.`id` AND s.`dismissed` = 0), 0),
  `best_intent` = (SELECT s.`intent` FROM `signals` s WHERE s.`person_id` = `people`.`id` AND s.`dismissed` = 0
    ORDER BY s.`score` DESC, s.`published_at` DESC LIMIT 1),
  `icp_matched` = EXISTS (SELECT 1 FROM `signals` s WHERE s.`person_id` = `people`.`id` AND s.`dismissed` = 0
    AND s.`icp_match` IS NOT NULL),
  `first_seen` = (SELECT min(s.`published_at`) FROM `signals` s WHERE s.`person_id` = `people`.`id` AND s.`dismissed` = 0),
  `last_seen` = (SELECT max(s.`published_at`) FROM `signals` s WHERE s.`person_id` = `people`.`id` AND s.`dismissed` = 0)
WHERE EXISTS (SELECT 1 FROM `signals` s WHERE s.`person_id` = `people`.`id` AND s.`dismissed` = 1);
