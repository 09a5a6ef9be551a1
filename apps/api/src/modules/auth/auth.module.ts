import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { AppConfig } from '../../config/app-config';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailChangeService } from './email-change.service';
import { EmailVerificationService } from './email-verification.service';
import { JWT_SECRET } from '../../common/jwt-secret';
import { JwtStrategy } from './jwt.strategy';
import { LoginThrottleService } from './login-throttle.service';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetService } from './password-reset.service';
import { PasswordService } from './password.service';
import { TokenService } from './token.service';
import { TokenVersionsService } from './token-versions.service';

@Module({
  imports: [
    PassportModule,
    JwtModule.registerAsync({
      inject: [JWT_SECRET, AppConfig],
      useFactory: (secret: string, config: AppConfig) => ({
        secret,
        signOptions: { expiresIn: config.ACCESS_TOKEN_TTL_SECONDS, algorithm: 'HS256' },
      }),
    }),
  ],
  controllers: [AuthController, PasswordResetController],
  providers: [
    AuthService,
    TokenService,
    TokenVersionsService,
    PasswordService,
    LoginThrottleService,
    JwtStrategy,
    PasswordResetService,
    EmailChangeService,
    EmailVerificationService,
  ],
  exports: [PasswordService, TokenService, JwtStrategy],
})
export class AuthModule {}
