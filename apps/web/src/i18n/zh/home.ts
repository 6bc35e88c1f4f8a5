import type { home as en } from '../en/home';
import type { AreaCatalogue } from '../messages';

export const home = {
  'home.greeting': '你好,{name} 👋',
  'home.greetingAnonymous': '你好 👋',
  'home.subtitle.performing': '您的店铺今天表现不错',
  'home.subtitle.ready': '准备好今天开始销售了吗?',
  'home.error.load': '无法加载仪表盘数据',
  'home.stats.label': '店铺统计',
  'home.stats.loading': '正在加载统计数据',
  'home.stats.totalRevenue': '总收入',
  'home.stats.activeBots': '活跃机器人',
  'home.stats.totalOrders': '订单总数',
  'home.stats.vsLast30Days': '较前 30 天',
  'home.stats.ofTotal': '共 {count} 个',
  'home.stats.cardLabel': '{label}:{value}',
  'home.subscriptions.title': '订阅概览',
  'home.subscriptions.bots': { other: '{count} 个机器人' },
  'home.subscriptions.monthlyCost': '{amount}/月',
  'home.subscriptions.item': '{amount}/月 · {fee}% 手续费',
  'home.subscriptions.manage': '管理订阅',
  'home.subscriptions.none': '没有有效订阅，你的机器人将无法工作...',
  'home.subscriptions.viewPlans': '查看订阅套餐',
} satisfies AreaCatalogue<typeof en>;
