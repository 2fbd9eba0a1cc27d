import { PageLoadingMessage } from "@/components/ui/page-loading";

export default function ReviewLoading() {
  return <PageLoadingMessage message="Loading your review..." width="max-w-3xl" />;
}
