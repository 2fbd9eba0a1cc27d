import { onConnectionError } from "../../../db/client";
import { logger } from "./logger";

/** A process that owns the database pool logs its connections' failures (db/ has no logger of its own). */
export function logConnectionErrors(): void {
  onConnectionError((error) => logger().error({ reason: error.message }, "database: a connection failed"));
}
