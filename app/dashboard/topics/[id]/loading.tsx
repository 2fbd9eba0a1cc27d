import { PageLoadingMessage } from "@/components/ui/page-loading";

export default function TopicCoursesLoading() {
  return <PageLoadingMessage message="Loading courses..." width="max-w-6xl sm:py-14" shape="cards" />;
}
