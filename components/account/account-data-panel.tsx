import { DeleteAccount } from "./delete-account";
import { DownloadData } from "./download-data";

/** My Account's data section: download everything, or delete the account. */
export function AccountDataPanel() {
  return (
    <div className="mt-10 space-y-6">
      <DownloadData />
      <DeleteAccount />
    </div>
  );
}
