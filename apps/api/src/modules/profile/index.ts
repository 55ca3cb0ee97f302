/** The profile module's face: the signed-in user's own photo and linked-wallet routes (the profile fields and password are auth's). */
export { profileRoutes } from './profile.routes';
