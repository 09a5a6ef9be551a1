// Links between the apps
export { AppLink, AppLinksProvider, useAppLinks, useAppNavigate } from './app-link/app-link';
export type { AppLinkProps, AppLinks, AppLinksProviderProps } from './app-link/app-link';

// Brand
export { BRAND_NAME, ChipMark, Logo } from './logo/logo';
export type { ChipMarkProps, LogoProps } from './logo/logo';

// Icons
export * from './icons/icons';

// Navigation and layouts
export { Navbar, defaultMenuLinks, isStudentRole, settingsPathFor } from './navbar/navbar';
export type { NavbarProps, NavUser, Role } from './navbar/navbar';
export { stickyVariable, useStickyHeight } from './sticky/use-sticky-height';
export type { StickyBar } from './sticky/use-sticky-height';
export { Avatar, AVATAR_DEFAULT_FONT_SIZE, AVATAR_DEFAULT_SIZE, AVATAR_FONT_RATIO, initials } from './avatar/avatar';
export type { AvatarProps } from './avatar/avatar';
export { AvatarMenu } from './avatar-menu/avatar-menu';
export type { AvatarMenuLink, AvatarMenuProps, AvatarMenuUser } from './avatar-menu/avatar-menu';
export { LogoutOverlay } from './logout/logout-overlay';
export type { LogoutOverlayProps } from './logout/logout-overlay';
export { LOGOUT_FAILURE_MESSAGE, LOGOUT_MIN_DURATION_MS, useLogout } from './logout/use-logout';
export type { UseLogout, UseLogoutOptions } from './logout/use-logout';
export { DEFAULT_SOCIAL_LINKS, Footer, copyrightText } from './footer/footer';
export type { FooterProps, SocialLink } from './footer/footer';
export { ADMIN_SIDEBAR_ITEMS, AdminSidebar, SIDEBAR_HOVER_IGNORE_MS, sidebarIcons } from './admin-sidebar/admin-sidebar';
export type { AdminSidebarProps, SidebarItem } from './admin-sidebar/admin-sidebar';
export { StandardLayout } from './layouts/standard-layout';
export type { StandardLayoutProps } from './layouts/standard-layout';
export { AdminLayout } from './layouts/admin-layout';
export type { AdminLayoutProps } from './layouts/admin-layout';
export { MAIN_CONTENT_ID, SkipLink } from './layouts/skip-link';

// Feedback
export { LOADING_WARNING, LoadingIndicator } from './loading-indicator/loading-indicator';
export type { LoadingIndicatorProps } from './loading-indicator/loading-indicator';
export { ERROR_VIEW_TEXT, ErrorView, NOT_FOUND_DEFAULT_MESSAGE, NotFoundMessage } from './error-view/error-view';
export type { ErrorViewProps, NotFoundMessageProps } from './error-view/error-view';
export { ProgressBar, clampProgress, progressPercent } from './progress-bar/progress-bar';
export type { ProgressBarProps } from './progress-bar/progress-bar';
export { NOTICE_MAX, NoticeProvider, NoticeRegion, useNotify } from './notice/notice';
export type { NoticeOptions, NoticeTone, Notify } from './notice/notice';
export { StatusChip, statusTone } from './status-chip/status-chip';
export type { StatusChipProps, StatusTone } from './status-chip/status-chip';

// Collections
export { SLIDER_DEFAULT_GAP, SLIDER_DEFAULT_TOTAL_ITEMS, Slider, visibleCount } from './slider/slider';
export type { SliderProps } from './slider/slider';
export { useWrapIndex, wrapIndex } from './carousel/use-wrap-index';
export type { WrapIndex } from './carousel/use-wrap-index';
export { Pagination, paginationItems } from './pagination/pagination';
export type { PaginationItem, PaginationProps } from './pagination/pagination';
export { ListToolbar, SEARCH_DEBOUNCE_MS, sortOptions } from './list-toolbar/list-toolbar';
export { useSearchTerm } from './list-toolbar/use-search-term';
export type { ListToolbarProps, SortLabel } from './list-toolbar/list-toolbar';
export { Tabs } from './tabs/tabs';
export type { TabItem, TabsProps } from './tabs/tabs';
export { Card } from './card/card';
export type { CardProps } from './card/card';

// Controls
export { Button, ButtonLink, buttonClass } from './button/button';
export type { ButtonLinkProps, ButtonProps, ButtonSize, ButtonVariant } from './button/button';
export { TextAreaField, TextField } from './text-field/text-field';
export type { TextAreaFieldProps, TextFieldProps } from './text-field/text-field';
export { SelectField } from './select-field/select-field';
export type { SelectFieldProps, SelectOption } from './select-field/select-field';
export { Modal } from './modal/modal';
export type { ModalProps } from './modal/modal';
export { ConfirmDialog, useConfirm } from './modal/confirm-dialog';
export type { ConfirmDialogProps, ConfirmOptions, UseConfirm } from './modal/confirm-dialog';

// Account settings (students and staff)
export { AccountSettings } from './account-settings/account-settings';
export { PaymentDetailsForm } from './account-settings/payment-details-form';
export type { AccountSettingsProps } from './account-settings/account-settings';
export { EMAIL_CHANGED_ALERT, PASSWORD_CHANGED_ALERT, PROFILE_UPDATED_ALERT } from './account-settings/settings-messages';

// Formatting
export {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  MONTH_MS,
  WEEK_MS,
  YEAR_MS,
  formatDate,
  formatCount,
  formatDateTime,
  formatDuration,
  formatFileSize,
  relativeTime,
} from './format/format';
export type { DateInput } from './format/format';

export { cx } from './utils/cx';

// Reading and changing data through the contracts' route table
export { invalidateKeys, routeKey, routeQueryKey, routeQueryOptions, useRouteMutation, useRouteQuery } from './route-query/route-query';
export type {
  Invalidates,
  MutationRouteName,
  QueryRouteName,
  RouteInputs,
  RouteKeyInputs,
  RouteMutationOptions,
  RouteQueryOptions,
  RouteVariables,
} from './route-query/route-query';

// Session, routing between the apps, route guards and the providers every app wraps its routes in
export * from './session';
// On-the-job training reviews (learn app, console, supervisor's page)
// The OJT review views read the contracts' labels at run time: imported from '@school/ui/ojt-review', so the
// public site's first load does not carry the contracts.
