CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "question_stats" (
	"question_id" integer PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"learners" integer DEFAULT 0 NOT NULL,
	"first_correct" integer DEFAULT 0 NOT NULL,
	"flag" text GENERATED ALWAYS AS (CASE WHEN learners >= 5 AND first_correct < 0.2 * learners THEN 'almost_everyone_misses' WHEN learners >= 5 AND first_correct > 0.95 * learners THEN 'almost_nobody_misses' END) STORED,
	"unflagged" boolean GENERATED ALWAYS AS (NOT (learners >= 5 AND (first_correct < 0.2 * learners OR first_correct > 0.95 * learners))) STORED
);
--> statement-breakpoint
CREATE TABLE "question_wrong_options" (
	"question_id" integer NOT NULL,
	"option" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "question_wrong_options_question_id_option_pk" PRIMARY KEY("question_id","option")
);
--> statement-breakpoint
CREATE TABLE "stats_counters" (
	"name" text NOT NULL,
	"shard" integer NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_counters_name_shard_pk" PRIMARY KEY("name","shard")
);
--> statement-breakpoint
CREATE TABLE "topic_learner_counts" (
	"topic_id" integer PRIMARY KEY NOT NULL,
	"user_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "question_stats" ADD CONSTRAINT "question_stats_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_wrong_options" ADD CONSTRAINT "question_wrong_options_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_learner_counts" ADD CONSTRAINT "topic_learner_counts_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_stats_rank_idx" ON "question_stats" USING btree ("unflagged","attempts" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "question_stats_flag_idx" ON "question_stats" USING btree ("flag") WHERE "question_stats"."flag" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
/*
 * The admin summaries' triggers (see db/schema.ts: stats_counters, topic_learner_counts,
 * question_stats, question_wrong_options). Statement-level, with transition tables, so a
 * multi-row write costs one trigger run. They run in the writer's transaction: the summaries are
 * exact at every commit. rebuild_admin_summaries() recomputes everything from the base tables
 * (after a bulk load with triggers off, or should anything ever drift).
 */
CREATE FUNCTION stats_counter_add(counter text, delta bigint) RETURNS void LANGUAGE sql AS $$
  -- One of 8 shards per name, by connection: concurrent writers rarely wait on each other's row.
  INSERT INTO stats_counters AS s (name, shard, value) VALUES (counter, pg_backend_pid() % 8, delta)
  ON CONFLICT (name, shard) DO UPDATE SET value = s.value + excluded.value
$$;
--> statement-breakpoint
CREATE FUNCTION users_count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM stats_counters WHERE name = 'users';
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO n FROM new_rows;
  ELSE
    SELECT -count(*) INTO n FROM old_rows;
  END IF;
  IF n <> 0 THEN PERFORM stats_counter_add('users', n); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_count_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION users_count_rows();
--> statement-breakpoint
CREATE TRIGGER users_count_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION users_count_rows();
--> statement-breakpoint
CREATE TRIGGER users_count_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION users_count_rows();
--> statement-breakpoint
CREATE FUNCTION quiz_attempts_count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE n bigint := 0; p bigint := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM stats_counters WHERE name IN ('quiz_attempts', 'quiz_attempts_passed');
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT count(*), count(*) FILTER (WHERE passed) INTO n, p FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -count(*), -count(*) FILTER (WHERE passed) INTO n, p FROM old_rows;
  ELSE
    SELECT (SELECT count(*) FILTER (WHERE passed) FROM new_rows) - (SELECT count(*) FILTER (WHERE passed) FROM old_rows) INTO p;
  END IF;
  -- Always in this order, so two writers never lock these rows the other way round.
  IF n <> 0 THEN PERFORM stats_counter_add('quiz_attempts', n); END IF;
  IF p <> 0 THEN PERFORM stats_counter_add('quiz_attempts_passed', p); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER quiz_attempts_count_insert AFTER INSERT ON quiz_attempts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION quiz_attempts_count_rows();
--> statement-breakpoint
CREATE TRIGGER quiz_attempts_count_update AFTER UPDATE ON quiz_attempts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION quiz_attempts_count_rows();
--> statement-breakpoint
CREATE TRIGGER quiz_attempts_count_delete AFTER DELETE ON quiz_attempts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION quiz_attempts_count_rows();
--> statement-breakpoint
CREATE TRIGGER quiz_attempts_count_truncate AFTER TRUNCATE ON quiz_attempts FOR EACH STATEMENT EXECUTE FUNCTION quiz_attempts_count_rows();
--> statement-breakpoint
CREATE FUNCTION enrollments_count_learners() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM topic_learner_counts;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    -- Per learner, one writer at a time: a second enrolment committed meanwhile is then seen,
    -- so a learner enrolling in two courses of one topic at once is counted once.
    PERFORM pg_advisory_xact_lock(727003, u.user_id) FROM (SELECT DISTINCT user_id FROM new_rows ORDER BY user_id) u;
    -- A (learner, topic) is new when all of the learner's enrolments in the topic are this statement's.
    INSERT INTO topic_learner_counts AS t (topic_id, user_count)
    SELECT p.topic_id, count(*)
    FROM (
      SELECT n.user_id, c.topic_id, count(*) AS added FROM new_rows n JOIN courses c ON c.id = n.course_id GROUP BY n.user_id, c.topic_id
    ) p
    WHERE p.added = (SELECT count(*) FROM enrollments e JOIN courses c ON c.id = e.course_id WHERE e.user_id = p.user_id AND c.topic_id = p.topic_id)
    GROUP BY p.topic_id
    ORDER BY p.topic_id
    ON CONFLICT (topic_id) DO UPDATE SET user_count = t.user_count + excluded.user_count;
  ELSE
    PERFORM pg_advisory_xact_lock(727003, u.user_id) FROM (SELECT DISTINCT user_id FROM old_rows ORDER BY user_id) u;
    -- Rows whose course is gone are counted again by the course's own trigger.
    UPDATE topic_learner_counts t SET user_count = t.user_count - g.n
    FROM (
      SELECT p.topic_id, count(*) AS n
      FROM (SELECT DISTINCT o.user_id, c.topic_id FROM old_rows o JOIN courses c ON c.id = o.course_id) p
      WHERE NOT EXISTS (SELECT 1 FROM enrollments e JOIN courses c ON c.id = e.course_id WHERE e.user_id = p.user_id AND c.topic_id = p.topic_id)
      GROUP BY p.topic_id
    ) g
    WHERE t.topic_id = g.topic_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enrollments_count_insert AFTER INSERT ON enrollments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION enrollments_count_learners();
--> statement-breakpoint
CREATE TRIGGER enrollments_count_delete AFTER DELETE ON enrollments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION enrollments_count_learners();
--> statement-breakpoint
CREATE TRIGGER enrollments_count_truncate AFTER TRUNCATE ON enrollments FOR EACH STATEMENT EXECUTE FUNCTION enrollments_count_learners();
--> statement-breakpoint
CREATE FUNCTION recount_topic_learners(topic_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO topic_learner_counts AS t (topic_id, user_count)
  SELECT tp.id, (SELECT count(DISTINCT e.user_id) FROM enrollments e JOIN courses c ON c.id = e.course_id WHERE c.topic_id = tp.id)
  FROM topics tp
  WHERE tp.id = ANY(topic_ids)
  ORDER BY tp.id
  ON CONFLICT (topic_id) DO UPDATE SET user_count = excluded.user_count
$$;
--> statement-breakpoint
CREATE FUNCTION courses_recount_learners() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A deleted course (its enrolments went with it) or one moved to another topic: count its topics again.
  IF TG_OP = 'DELETE' THEN
    PERFORM recount_topic_learners(ARRAY(SELECT DISTINCT topic_id FROM old_rows));
  ELSE
    PERFORM recount_topic_learners(ARRAY(
      SELECT o.topic_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.topic_id <> o.topic_id
      UNION SELECT n.topic_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.topic_id <> o.topic_id
    ));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER courses_recount_delete AFTER DELETE ON courses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION courses_recount_learners();
--> statement-breakpoint
CREATE TRIGGER courses_recount_update AFTER UPDATE ON courses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION courses_recount_learners();
--> statement-breakpoint
CREATE FUNCTION courses_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Any write to courses moves the catalogue version (it only grows): a process's copy of the
  -- course list is checked against it with one read (lib/recommendations/recommend.ts).
  PERFORM stats_counter_add('courses_version', 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER courses_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON courses FOR EACH STATEMENT EXECUTE FUNCTION courses_bump_version();
--> statement-breakpoint
CREATE FUNCTION quiz_questions_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM stats_counters WHERE name = 'quiz_questions';
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    -- Every question has its stats row from the start (the Questions panel lists unanswered ones too).
    INSERT INTO question_stats (question_id) SELECT id FROM new_rows ORDER BY id ON CONFLICT DO NOTHING;
    SELECT count(*) INTO n FROM new_rows;
  ELSE
    SELECT -count(*) INTO n FROM old_rows;
  END IF;
  IF n <> 0 THEN PERFORM stats_counter_add('quiz_questions', n); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER quiz_questions_count_insert AFTER INSERT ON quiz_questions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION quiz_questions_count();
--> statement-breakpoint
CREATE TRIGGER quiz_questions_count_delete AFTER DELETE ON quiz_questions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION quiz_questions_count();
--> statement-breakpoint
CREATE TRIGGER quiz_questions_count_truncate AFTER TRUNCATE ON quiz_questions FOR EACH STATEMENT EXECUTE FUNCTION quiz_questions_count();
--> statement-breakpoint
/* Recounts the given questions from their answers (deletions: which answer is now a learner's first may change). */
CREATE FUNCTION recount_question_stats(question_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE question_stats s
  SET attempts = r.attempts, learners = r.learners, first_correct = r.first_correct
  FROM (
    SELECT q.id,
           (SELECT count(*) FROM quiz_answers x WHERE x.question_id = q.id) AS attempts,
           f.learners, f.first_correct
    FROM unnest(question_ids) AS q(id)
    CROSS JOIN LATERAL (
      SELECT count(*) AS learners, count(*) FILTER (WHERE first.is_correct) AS first_correct
      FROM (
        SELECT DISTINCT ON (a.user_id) x.is_correct
        FROM quiz_answers x JOIN quiz_attempts a ON a.id = x.attempt_id
        WHERE x.question_id = q.id
        ORDER BY a.user_id, a.created_at, a.id
      ) first
    ) f
  ) r
  WHERE s.question_id = r.id;
  DELETE FROM question_wrong_options WHERE question_id = ANY(question_ids);
  INSERT INTO question_wrong_options (question_id, option, count)
  SELECT x.question_id, x.chosen_option, count(*)
  FROM quiz_answers x JOIN quiz_questions q ON q.id = x.question_id
  WHERE x.question_id = ANY(question_ids) AND NOT x.is_correct AND x.chosen_option IS NOT NULL
  GROUP BY x.question_id, x.chosen_option;
$$;
--> statement-breakpoint
CREATE FUNCTION quiz_answers_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE question_stats SET attempts = 0, learners = 0, first_correct = 0 WHERE attempts <> 0 OR learners <> 0;
    DELETE FROM question_wrong_options;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM recount_question_stats(ARRAY(SELECT DISTINCT question_id FROM old_rows ORDER BY question_id));
  ELSE
    -- An answer is its learner's first to the question when no earlier attempt of theirs answered it
    -- (the learner's attempts are few: found through quiz_attempts' user index, then quiz_answers' key).
    INSERT INTO question_stats AS s (question_id, attempts, learners, first_correct)
    SELECT n.question_id, count(*), count(*) FILTER (WHERE n.first_try), count(*) FILTER (WHERE n.first_try AND n.is_correct)
    FROM (
      SELECT qa.question_id, qa.is_correct,
             NOT EXISTS (
               SELECT 1 FROM quiz_attempts b JOIN quiz_answers x ON x.attempt_id = b.id AND x.question_id = qa.question_id
               WHERE b.user_id = a.user_id AND (b.created_at, b.id) < (a.created_at, a.id)
             ) AS first_try
      FROM new_rows qa JOIN quiz_attempts a ON a.id = qa.attempt_id
    ) n
    GROUP BY n.question_id
    ORDER BY n.question_id
    ON CONFLICT (question_id) DO UPDATE
      SET attempts = s.attempts + excluded.attempts, learners = s.learners + excluded.learners, first_correct = s.first_correct + excluded.first_correct;
    INSERT INTO question_wrong_options AS w (question_id, option, count)
    SELECT question_id, chosen_option, count(*) FROM new_rows
    WHERE NOT is_correct AND chosen_option IS NOT NULL
    GROUP BY question_id, chosen_option
    ORDER BY question_id, chosen_option
    ON CONFLICT (question_id, option) DO UPDATE SET count = w.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER quiz_answers_count_insert AFTER INSERT ON quiz_answers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION quiz_answers_count();
--> statement-breakpoint
CREATE TRIGGER quiz_answers_count_delete AFTER DELETE ON quiz_answers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION quiz_answers_count();
--> statement-breakpoint
CREATE TRIGGER quiz_answers_count_truncate AFTER TRUNCATE ON quiz_answers FOR EACH STATEMENT EXECUTE FUNCTION quiz_answers_count();
--> statement-breakpoint
/* Every summary from scratch, set-based (one pass over each base table). */
CREATE FUNCTION rebuild_admin_summaries() RETURNS void LANGUAGE sql AS $$
  -- The catalogue version is not a count: it keeps growing (a bulk load may have changed courses unseen).
  DELETE FROM stats_counters WHERE name <> 'courses_version';
  SELECT stats_counter_add('courses_version', 1);
  INSERT INTO stats_counters (name, shard, value) VALUES
    ('users', 0, (SELECT count(*) FROM users)),
    ('quiz_attempts', 0, (SELECT count(*) FROM quiz_attempts)),
    ('quiz_attempts_passed', 0, (SELECT count(*) FROM quiz_attempts WHERE passed)),
    ('quiz_questions', 0, (SELECT count(*) FROM quiz_questions));
  DELETE FROM topic_learner_counts;
  INSERT INTO topic_learner_counts (topic_id, user_count)
  SELECT topic_id, count(*) FROM (SELECT DISTINCT c.topic_id, e.user_id FROM enrollments e JOIN courses c ON c.id = e.course_id) d GROUP BY topic_id;
  DELETE FROM question_wrong_options;
  DELETE FROM question_stats;
  INSERT INTO question_stats (question_id, attempts, learners, first_correct)
  SELECT q.id, coalesce(p.attempts, 0), coalesce(f.learners, 0), coalesce(f.first_correct, 0)
  FROM quiz_questions q
  LEFT JOIN (SELECT question_id, count(*) AS attempts FROM quiz_answers GROUP BY question_id) p ON p.question_id = q.id
  LEFT JOIN (
    SELECT question_id, count(*) AS learners, count(*) FILTER (WHERE is_correct) AS first_correct
    FROM (
      SELECT DISTINCT ON (x.question_id, a.user_id) x.question_id, x.is_correct
      FROM quiz_answers x JOIN quiz_attempts a ON a.id = x.attempt_id
      ORDER BY x.question_id, a.user_id, a.created_at, a.id
    ) first
    GROUP BY question_id
  ) f ON f.question_id = q.id;
  INSERT INTO question_wrong_options (question_id, option, count)
  SELECT question_id, chosen_option, count(*) FROM quiz_answers
  WHERE NOT is_correct AND chosen_option IS NOT NULL
  GROUP BY question_id, chosen_option;
$$;
--> statement-breakpoint
SELECT rebuild_admin_summaries();
