import { auth } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { AuthService } from './auth.service.js';
import { msAcLogin } from './ms-ac-login.js';

export const authRoutes: DomainRoutes<{ auth: AuthService }> = (route, { auth: service }) => {
  route(auth.login, (ctx, input, http) => service.login(ctx, input, http));
  route(auth.probe, (ctx) => service.probe(ctx));
  route(auth.landing, (_ctx, input, { reply }) => reply.redirect(auth.safeLandingPath(input.to), 302));
  route(auth.logout, (ctx, _input, http) => service.logout(ctx, http));
  route(auth.logoutPage, (_ctx, _input, { reply }) => service.logoutPage(reply));
  route(auth.msAcLogin, (ctx, input, http) => msAcLogin(ctx, input.service, http, service.signInOptions()));
};
