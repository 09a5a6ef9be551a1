import { adminScenarios } from './admin.scenarios';
import { applicationsAnalyticsScenarios } from './applications-analytics.scenarios';
import { learningScenarios } from './learning.scenarios';
import { quizScenarios } from './quiz.scenarios';
import type { Scenario } from './scenario';

export type { BenchRequest, CeilingAnswer, CeilingRequest, Scenario, ScenarioContext, SimulatedServer, Simulation } from './scenario';

/** Every scenario `pnpm bench:api` runs, in order. Add a module's scenarios here. */
export const scenarios: Scenario[] = [...learningScenarios, ...adminScenarios, ...quizScenarios, ...applicationsAnalyticsScenarios];
