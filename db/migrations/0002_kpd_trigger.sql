-- kpd (efficiency, 0–100): the share of a user's answers chosen as best, kept by the store itself
-- whenever the counters it depends on change (docs/decisions/0010-points-levels-kpd.md).
CREATE TRIGGER users_kpd_after_counts AFTER UPDATE OF answers_count, best_count ON users
BEGIN
  UPDATE users SET kpd = CASE WHEN NEW.answers_count > 0 THEN CAST(ROUND(100.0 * NEW.best_count / NEW.answers_count) AS INTEGER) ELSE 0 END
  WHERE id = NEW.id;
END;
