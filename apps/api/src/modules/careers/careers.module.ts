import { Module } from '@nestjs/common';
import { CareersController } from './careers.controller';
import { CareersService } from './careers.service';

/** Career support after on-the-job training: conversion offers, job applications and the cohort pipeline. */
@Module({ controllers: [CareersController], providers: [CareersService] })
export class CareersModule {}
