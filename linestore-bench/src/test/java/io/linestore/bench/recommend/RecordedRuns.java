package io.linestore.bench.recommend;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Recorded {@code recommend} runs for the decision tests, and variations of them: two
 * {@code recommend --time 30s --out DIR} runs on the same generated 2,000,000-line file
 * (1,000,000-line sample), recorded on a machine with a load average of 18 to 20 on 2 cores.
 */
final class RecordedRuns {

    /** The first recorded run. */
    static final String RUN_1 = "recorded-loaded-run1.json";

    /** The second recorded run. */
    static final String RUN_2 = "recorded-loaded-run2.json";

    static final String DENSE = "single/dense";
    static final String SPARSE = "single/sparse-64";
    static final String SHARDED = "sharded-100000/dense";

    private RecordedRuns() {
    }

    /** The measurements of a recorded run. */
    static Measurements recorded(String name) {
        try {
            return RecommendFiles.readMeasurements(Path.of(RecordedRuns.class.getResource(name).toURI()));
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The recording with one candidate's figures replaced, trial by trial, by another's times a factor. */
    static Measurements copying(Measurements measurements, String target, String source, double factor) {
        return replacing(measurements, cell -> cell.candidate().equals(target), cell -> measurements.cell(source, cell.reader(), cell.position(),
                cell.linesPerRead()).readsPerSecond().stream().map(r -> r * factor).toList());
    }

    /** The recording with one candidate's figures multiplied by a factor. */
    static Measurements scaling(Measurements measurements, String target, double factor) {
        return replacing(measurements, cell -> cell.candidate().equals(target), cell -> cell.readsPerSecond().stream().map(r -> r * factor).toList());
    }

    /** The recording with the figures of the cells {@code which} selects made by {@code figures}. */
    static Measurements replacing(Measurements measurements, Predicate<Cell> which,
            Function<Cell, List<Double>> figures) {
        List<Cell> cells = new ArrayList<>();
        for (Cell cell : measurements.cells()) {
            cells.add(!which.test(cell) ? cell : new Cell(cell.candidate(), cell.reader(),
                    cell.position(), cell.linesPerRead(), cell.bytesPerRead(), figures.apply(cell)));
        }
        return new Measurements(measurements.input(), measurements.sampleLines(), measurements.sampleBytes(),
                measurements.candidates(), measurements.rangeSizes(), measurements.crossoverSizes(),
                measurements.trials(), cells);
    }
}
