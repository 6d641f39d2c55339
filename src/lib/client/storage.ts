import { STORAGE_KEYS, REFRESH_FAILURE_KEYS } from '~/lib/shared/storage-keys';
import type { Language } from '~/lib/shared/constants';
import type { SessionUser } from '~/lib/shared/schemas/auth';
import type { JarvisChatAnswer } from '~/lib/shared/schemas/jarvis';

export interface AccessData {
  accessToken: string;
  refreshToken: string;
  idUser: number;
  idTrainingPath: number | null;
}

export interface CurrentSettings {
  lang: Language;
}

/** The subset of the Web Storage API we use (so tests can pass their own). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>;

const readJson = <T>(storage: KeyValueStorage, key: string): T | null => {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
};

export const readAccessData = (storage: KeyValueStorage) => readJson<AccessData>(storage, STORAGE_KEYS.accessData);
export const readUserInfo = (storage: KeyValueStorage) => readJson<Omit<SessionUser, 'accessToken' | 'refreshToken'>>(storage, STORAGE_KEYS.userInfo);
export const readCurrentSettings = (storage: KeyValueStorage) => readJson<CurrentSettings>(storage, STORAGE_KEYS.currentSettings);

/** The study assistant's last answer in this browser (contract §3 `aiFeedback`; removed on a refresh failure and on logout, §4). */
export interface AiFeedback extends JarvisChatAnswer {
  userId: number;
  question: string;
  answeredAt: string;
}

export const readAiFeedback = (storage: KeyValueStorage) => readJson<AiFeedback>(storage, STORAGE_KEYS.aiFeedback);
export const writeAiFeedback = (storage: KeyValueStorage, feedback: AiFeedback) => storage.setItem(STORAGE_KEYS.aiFeedback, JSON.stringify(feedback));

export const writeCurrentSettings = (storage: KeyValueStorage, settings: CurrentSettings) =>
  storage.setItem(STORAGE_KEYS.currentSettings, JSON.stringify(settings));

/** Copies the session's tokens and user info into storage (contract §4). */
export function writeSessionToStorage(storage: KeyValueStorage, user: SessionUser): void {
  const accessData: AccessData = {
    accessToken: user.accessToken,
    refreshToken: user.refreshToken,
    idUser: user.idUser,
    idTrainingPath: user.idTrainingPath,
  };
  const { accessToken: _a, refreshToken: _r, ...info } = user;
  storage.setItem(STORAGE_KEYS.accessData, JSON.stringify(accessData));
  storage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(info));
  storage.setItem(STORAGE_KEYS.logged, 'true');
}

export const isRemoveSessionSet = (storage: KeyValueStorage) => storage.getItem(STORAGE_KEYS.removeSession) !== null;
export const markRemoveSession = (storage: KeyValueStorage) => storage.setItem(STORAGE_KEYS.removeSession, 'true');

/** After a failed token refresh: accessData, userInfo, aiFeedback and logged go. */
export function clearAfterRefreshFailure(storage: KeyValueStorage): void {
  for (const key of REFRESH_FAILURE_KEYS) storage.removeItem(key);
}
