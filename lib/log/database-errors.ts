import { onIdleConnectionError } from "../../db/client";
import { logger } from "./logger";

/** A process that owns the database pool logs its idle connections' failures (db/ has no logger of its own). */
export function logIdleConnectionErrors(): void {
  onIdleConnectionError((error) => logger().error({ reason: error.message }, "database: an idle connection failed"));
}
