/** What the app's root may use of auth: the access token strategy, which the direct routes check tokens with (create-app.ts). */
export { JwtStrategy } from './jwt.strategy';
