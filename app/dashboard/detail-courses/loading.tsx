import { PageLoadingMessage } from "@/components/ui/page-loading";

// A full screen tall, so the footer is not on screen to be pushed down when the course arrives.
export default function CourseLoading() {
  return <PageLoadingMessage message="Loading course..." width="min-h-screen max-w-6xl" shape="reader" />;
}
