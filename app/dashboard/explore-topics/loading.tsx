import { PageLoadingMessage } from "@/components/ui/page-loading";

export default function ExploreTopicsLoading() {
  return <PageLoadingMessage message="Loading topics..." width="max-w-6xl sm:py-14" shape="cards" />;
}
