package io.linestore.bench.report;

import io.linestore.ReadMethod;
import io.linestore.bench.config.IndexStride;
import io.linestore.bench.config.Position;
import io.linestore.bench.config.StoreLayout;
import io.linestore.bench.naive.NaiveRead;
import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;

/**
 * Draws the report's PNG charts with XChart: throughput against position for each layout and
 * range size (every reader, dense index, with the naive baselines and SQLite for reference), and
 * linestore's best configuration against SQLite by range size. Stateless.
 */
public final class Charts {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 500;

    private Charts() {
    }

    /**
     * Draws every chart the results allow into {@code directory}, replacing files there.
     *
     * @param results the results of one run
     * @param directory an existing directory
     * @return the PNG files written
     * @throws UncheckedIOException naming the file if one cannot be written
     */
    public static List<Path> write(Results results, Path directory) {
        List<Path> written = new ArrayList<>();
        for (StoreLayout layout : StoreLayout.values()) {
            for (String size : results.values(Figures.READ, "rangeSize")) {
                positionChart(results, layout, size).ifPresent(chart -> written.add(save(chart, directory,
                        "position-" + layout.name().toLowerCase(Locale.ROOT) + "-" + size)));
            }
        }
        sqliteChart(results).ifPresent(chart -> written.add(save(chart, directory, "linestore-vs-sqlite")));
        return written;
    }

    private static Optional<CategoryChart> positionChart(Results results, StoreLayout layout, String size) {
        CategoryChart chart = chart(layout.name() + ", dense index: " + size + " line(s) per read", "position");
        List<String> run = results.values(Figures.READ, "position");
        List<String> positions = Stream.of(Position.values()).map(Position::name).filter(run::contains).toList();
        for (ReadMethod method : ReadMethod.values()) {
            addSeries(chart, method.name(), positions, position -> results.throughput(Figures.READ,
                    Map.of("layout", layout.name(), "stride", IndexStride.DENSE.name(), "method", method.name(),
                            "position", position, "rangeSize", size)));
        }
        if (chart.getSeriesMap().isEmpty()) {
            return Optional.empty();
        }
        for (NaiveRead method : NaiveRead.values()) {
            addSeries(chart, "naive " + method.name(), positions, position -> results.throughput(Figures.NAIVE,
                    Map.of("approach", method.name(), "position", position, "rangeSize", size)));
        }
        addSeries(chart, "SQLite", positions, position -> results.throughput(Figures.SQLITE,
                with(Figures.sqlite(results), Map.of("position", position, "rangeSize", size))));
        return Optional.of(chart);
    }

    private static Optional<CategoryChart> sqliteChart(Results results) {
        List<String> sizes = results.values(Figures.SQLITE, "rangeSize");
        CategoryChart chart = chart("linestore (best configuration) vs SQLite, end of the store", "lines per read");
        addSeries(chart, "linestore", sizes, size -> Figures.bestLinestore(results, Position.END, size)
                .map(Map.Entry::getValue).orElse(Double.NaN));
        addSeries(chart, "SQLite", sizes, size -> results.throughput(Figures.SQLITE,
                with(Figures.sqlite(results), Map.of("position", Position.END.name(), "rangeSize", size))));
        return chart.getSeriesMap().size() == 2 ? Optional.of(chart) : Optional.empty();
    }

    private static Map<String, String> with(Map<String, String> config, Map<String, String> more) {
        Map<String, String> params = new HashMap<>(config);
        params.putAll(more);
        return params;
    }

    private static CategoryChart chart(String title, String xAxis) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                .title(title).xAxisTitle(xAxis).yAxisTitle("reads per second (log)").build();
        chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setOverlapped(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        return chart;
    }

    /** Adds a series only when every x has a positive score: a log axis cannot show gaps. */
    private static void addSeries(CategoryChart chart, String name, List<String> xs, Function<String, Double> score) {
        List<Double> ys = xs.stream().map(score).toList();
        if (!xs.isEmpty() && ys.stream().allMatch(y -> y > 0)) {
            chart.addSeries(name, xs, ys);
        }
    }

    /**
     * Writes a chart as a PNG file, replacing any file there.
     *
     * @param chart the chart
     * @param directory an existing directory
     * @param name the file name without {@code .png}
     * @return the file
     * @throws UncheckedIOException naming the file if it cannot be written
     */
    public static Path save(Chart<?, ?> chart, Path directory, String name) {
        Path file = directory.resolve(name + ".png");
        try {
            BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write chart " + file, e);
        }
        return file;
    }
}
