import type { BusinessKey } from "../../lib/business";
import { settingLabel } from "../../lib/setting-words";
import { useTranslation } from "./page-words";

/**
 * A business setting's name on the office's forms, from the workspace catalogue: the service's own settings name
 * the service as the catalogue does ("Mentorship's tagline").
 */
export function useSettingLabel(): (key: BusinessKey) => string {
  const { t } = useTranslation();
  return (key) => settingLabel(key, t);
}
