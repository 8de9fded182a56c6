package io.linestore.bench.recommend;

import io.linestore.ReadMethod;
import io.linestore.bench.config.Position;
import io.linestore.bench.report.Charts;
import java.awt.BasicStroke;
import java.awt.Color;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws {@code recommend}'s PNG charts with XChart: each candidate's reads per second against lines
 * per read (geometric mean over the positions, read as recommended), and memory mapping against the
 * file channel by bytes per read with the fitted crossover. Medians are solid lines, their
 * intervals dashed lines of the same colour. Stateless.
 */
public final class RecommendCharts {

    /** The throughput chart's file name, without {@code .png}. */
    public static final String THROUGHPUT = "recommend-throughput";

    /** The crossover chart's file name, without {@code .png}. */
    public static final String CROSSOVER = "recommend-crossover";

    private static final int WIDTH = 900;
    private static final int HEIGHT = 500;

    private RecommendCharts() {
    }

    /**
     * Draws both charts into {@code directory}, replacing files there.
     *
     * @param recommendation the recommendation and its measurements
     * @param directory an existing directory
     * @return the PNG files written
     * @throws java.io.UncheckedIOException naming the file if one cannot be written
     */
    public static List<Path> write(Recommendation recommendation, Path directory) {
        return List.of(Charts.save(throughput(recommendation), directory, THROUGHPUT),
                Charts.save(crossover(recommendation), directory, CROSSOVER));
    }

    private static XYChart throughput(Recommendation recommendation) {
        Measurements measurements = recommendation.measurements();
        XYChart chart = chart("Candidates, read as recommended (geometric mean over start, middle, end)",
                "lines per read (log)");
        List<Integer> sizes = measurements.rangeSizes();
        int colour = 0;
        for (BuiltCandidate candidate : measurements.candidates()) {
            List<Interval> bySize = sizes.stream().map(size -> acrossPositions(recommendation, candidate, size)).toList();
            addInterval(chart, candidate.name(), sizes.stream().map(Integer::doubleValue).toList(), bySize, colour++);
        }
        return chart;
    }

    /** A candidate's per-trial geometric mean over the positions at one size. */
    private static Interval acrossPositions(Recommendation recommendation, BuiltCandidate candidate, int size) {
        Measurements measurements = recommendation.measurements();
        List<Double> trials = new ArrayList<>();
        for (int t = 0; t < measurements.trials(); t++) {
            double logSum = 0;
            for (Position position : Position.WINDOWS) {
                long bytes = measurements.cell(candidate.name(), ReadMethod.MMAP, position, size).bytesPerRead();
                Cell cell = measurements.cell(candidate.name(), recommendation.methodFor(bytes), position, size);
                logSum += Math.log(cell.readsPerSecond().get(t));
            }
            trials.add(Math.exp(logSum / Position.WINDOWS.size()));
        }
        return Interval.ofMedian(trials);
    }

    private static XYChart crossover(Recommendation recommendation) {
        Crossover crossover = recommendation.crossover();
        XYChart chart = chart("Memory mapping vs file channel (" + recommendation.measurements().reference().name()
                + ", middle)", "bytes per read (log)");
        List<Double> bytes = crossover.rows().stream().map(row -> (double) row.bytesPerRead()).toList();
        addInterval(chart, ReadMethod.MMAP.name(), bytes, rows(crossover, Crossover.Row::mmap), 0);
        addInterval(chart, ReadMethod.FILE_CHANNEL.name(), bytes, rows(crossover, Crossover.Row::channel), 1);
        Optional<Interval> threshold = crossover.thresholdBytes();
        if (threshold.isPresent() && bytes.size() > 1) {
            double lowest = crossover.rows().stream().mapToDouble(r -> Math.min(r.mmap().low(), r.channel().low()))
                    .min().orElseThrow();
            double highest = crossover.rows().stream().mapToDouble(r -> Math.max(r.mmap().high(), r.channel().high()))
                    .max().orElseThrow();
            double first = bytes.getFirst();
            double last = bytes.getLast();
            Interval t = threshold.get();
            addVertical(chart, "crossover (dashed: interval)", Math.clamp(t.median(), first, last), lowest, highest, SeriesLines.SOLID, true);
            addVertical(chart, "crossover low", Math.clamp(t.low(), first, last), lowest, highest, SeriesLines.DASH_DASH,
                    false);
            addVertical(chart, "crossover high", Math.clamp(t.high(), first, last), lowest, highest,
                    SeriesLines.DASH_DASH, false);
        }
        return chart;
    }

    private static List<Interval> rows(Crossover crossover, Function<Crossover.Row, Interval> method) {
        return crossover.rows().stream().map(method).toList();
    }

    private static XYChart chart(String title, String xAxis) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xAxis)
                .yAxisTitle("reads per second (log)").build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        return chart;
    }

    /** The medians as a solid line with markers, the interval's ends as dashed lines of the same colour. */
    private static void addInterval(XYChart chart, String name, List<Double> xs, List<Interval> intervals, int colour) {
        Color color = chart.getStyler().getSeriesColors()[colour % chart.getStyler().getSeriesColors().length];
        XYSeries median = chart.addSeries(name, xs, intervals.stream().map(Interval::median).toList());
        median.setLineColor(color);
        median.setMarkerColor(color);
        median.setMarker(SeriesMarkers.CIRCLE);
        addEnd(chart, name + " low", xs, intervals.stream().map(Interval::low).toList(), color);
        addEnd(chart, name + " high", xs, intervals.stream().map(Interval::high).toList(), color);
    }

    private static void addEnd(XYChart chart, String name, List<Double> xs, List<Double> ys, Color color) {
        XYSeries series = chart.addSeries(name, xs, ys);
        series.setLineColor(color);
        series.setLineStyle(SeriesLines.DASH_DASH);
        series.setMarker(SeriesMarkers.NONE);
        series.setShowInLegend(false);
    }

    private static void addVertical(XYChart chart, String name, double x, double low, double high,
            BasicStroke line, boolean legend) {
        XYSeries series = chart.addSeries(name, List.of(x, x), List.of(low, high));
        series.setLineColor(Color.DARK_GRAY);
        series.setLineStyle(line);
        series.setMarker(SeriesMarkers.NONE);
        series.setShowInLegend(legend);
    }
}
