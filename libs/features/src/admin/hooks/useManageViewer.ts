import type { CurrentUser, Viewer } from '@pando/domain';
import { useViewer } from '../../common/viewer';

/** The gates read plain flag maps; the API's flag objects may carry other values too. */
const flags = (map: Record<string, unknown> | null | undefined) =>
  Object.fromEntries(Object.entries(map ?? {}).map(([key, on]) => [key, on === true]));

/** The gates' view of the signed-in admin (domain `Viewer`): level, features, network flags. */
function toViewer(user: CurrentUser): Viewer {
  return {
    access_level: user.access_level,
    features: flags(user.features),
    premium_features: flags(user.premium_features),
    network_features: flags(user.network_features),
  };
}

/** The signed-in admin and their gates' view. */
export function useManageViewer(): { user: CurrentUser; viewer: Viewer } {
  const user = useViewer();
  return { user, viewer: toViewer(user) };
}
