/**
 * Chart.js, registered with only the parts the app draws (line, bar and doughnut charts on
 * linear / logarithmic / category scales, legend, title, tooltip). This module is loaded lazily
 * (`loadChartJs`) so Chart.js stays out of the initial bundle; the app starts fetching it at start
 * and the charts appear when it is in.
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  LogarithmicScale,
  PointElement,
  SubTitle,
  Title,
  Tooltip,
} from "chart.js";

Chart.register(
  ArcElement,
  DoughnutController,
  LineController,
  LineElement,
  PointElement,
  BarController,
  BarElement,
  LinearScale,
  LogarithmicScale,
  CategoryScale,
  Legend,
  SubTitle,
  Title,
  Tooltip,
);

export { Chart };
