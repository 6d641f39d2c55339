import { useSession } from '~/islands/common/use-session';

export interface ApiReadiness {
  /** The app shell has read the session and stored fresh tokens (calling the API earlier could sign the user out). */
  isReady: boolean;
  /** The signed-in user, once known. */
  user: { idUser: number; typeUser: string } | null;
}

/** Whether the islands may call the API yet, and who is signed in. */
export function useApiReadiness(): ApiReadiness {
  const session = useSession();
  const user = session.user;
  return { isReady: session.status === 'authenticated', user: user ? { idUser: user.idUser, typeUser: user.typeUser } : null };
}
