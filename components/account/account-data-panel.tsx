import { DeleteAccount } from "./delete-account";
import { DownloadData } from "./download-data";

/** My Account's data section: download everything, or delete the account (what deleting asks for depends on the account). */
export function AccountDataPanel({ twoFactorEnabled, hasPassword }: { twoFactorEnabled: boolean; hasPassword: boolean }) {
  return (
    <div className="mt-10 space-y-6">
      <DownloadData />
      <DeleteAccount twoFactorEnabled={twoFactorEnabled} hasPassword={hasPassword} />
    </div>
  );
}
