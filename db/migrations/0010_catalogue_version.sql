/*
 * The catalogue version (stats_counters 'courses_version', migration 0006_admin_summaries) moves
 * on every write to what a process keeps a copy of under it, not to courses alone: GET /topics'
 * answers (topics and their creators' names) and the concepts recommendations read from course
 * sections and quiz questions (lib/topics/list-topics.ts, lib/recommendations/catalogue.ts).
 * Statement-level like the courses trigger: a multi-row write moves it once.
 */
CREATE TRIGGER topics_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON topics FOR EACH STATEMENT EXECUTE FUNCTION courses_bump_version();
--> statement-breakpoint
CREATE TRIGGER course_sections_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON course_sections FOR EACH STATEMENT EXECUTE FUNCTION courses_bump_version();
--> statement-breakpoint
CREATE TRIGGER quiz_questions_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON quiz_questions FOR EACH STATEMENT EXECUTE FUNCTION courses_bump_version();
--> statement-breakpoint
CREATE FUNCTION users_bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A topic lists its creator's name: renaming someone who created a topic changes the catalogue.
  IF EXISTS (SELECT 1 FROM topics WHERE created_by = NEW.id) THEN
    PERFORM stats_counter_add('courses_version', 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_catalogue_version AFTER UPDATE OF first_name, last_name ON users FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION users_bump_catalogue_version();
