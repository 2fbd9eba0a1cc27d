import { notFound } from "next/navigation";
import { AppError } from "@/lib/platform/http/app-error";

/**
 * What an admin page at /admin/<things>/{id} shows: `load` of the path's id, or the app's not-found
 * page for an id that is not a positive number (as the API's path ids: lib/platform/schemas/params.ts)
 * or names nothing.
 */
export async function loadByPathId<T>(raw: string, load: (id: number) => Promise<T>): Promise<T> {
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) notFound();
  try {
    return await load(Number(raw));
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
}
