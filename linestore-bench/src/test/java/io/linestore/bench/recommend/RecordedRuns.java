package io.linestore.bench.recommend;

import io.linestore.Compression;
import io.linestore.IndexKind;
import io.linestore.ReadMethod;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Recorded {@code recommend} runs on the same generated 2,000,000-line file (1,000,000-line
 * sample), written by {@code --out}, for the decision tests. {@link #RUN_2} took 30 seconds
 * ({@code --time 30s}, 6 trials) with a load average of about 20 on 2 cores: its intervals are the
 * trials' whole range and wide. The default runs took the default minute each (15 trials) with a
 * load average of 12 to 16; they chose different readers under the first rule for the reader (the
 * fitted median threshold), which keeping the default threshold when the interval holds it fixed.
 * They were recorded before the compact index existed, with three candidates; their candidates'
 * {@code "indexStride"} has since been renamed {@code "index"} ({@code 1} to {@code "dense"},
 * {@code 64} to {@code "sparse:64"}), nothing else. {@link #withCompact} adds a compact candidate.
 */
final class RecordedRuns {

    /** A 30-second run. */
    static final String RUN_2 = "recorded-loaded-run2.json";

    /** The first one-minute run. */
    static final String DEFAULT_RUN_1 = "recorded-default-run1.json";

    /** The second one-minute run. */
    static final String DEFAULT_RUN_2 = "recorded-default-run2.json";

    static final String DENSE = "single/dense";
    static final String COMPACT = "single/compact";
    static final String SPARSE = "single/sparse-64";
    static final String SHARDED = "sharded-100000/dense";
    static final String COMPRESSED = "single/dense/zstd-3";

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

    /**
     * The recording with a {@value #COMPACT} candidate added (3 files, 1.28 index bytes per line, as
     * a compact index of lines of about 100 bytes takes) whose figures are the dense single file's
     * of the same trial times a factor.
     */
    static Measurements withCompact(Measurements measurements, double factor) {
        BuiltCandidate dense = measurements.reference();
        return adding(measurements, new BuiltCandidate(new Candidate(dense.candidate().layout(),
                dense.candidate().linesPerShard(), IndexKind.COMPACT), dense.files(), 1.28, dense.storedBytesPerLine()),
                factor);
    }

    /**
     * The recording with the stores' sizes the runs did not record (about 100 bytes of text per line
     * and the index) and a {@value #COMPRESSED} candidate added (the dense single file's files and
     * index, 26 bytes of data per line, as zstd blocks of generated lines take) whose figures are the
     * dense single file's of the same trial times a factor.
     */
    static Measurements withCompressed(Measurements measurements, double factor) {
        List<BuiltCandidate> sized = measurements.candidates().stream().map(c -> new BuiltCandidate(c.candidate(),
                c.files(), c.indexBytesPerLine(), 100 + c.indexBytesPerLine())).toList();
        Measurements withSizes = new Measurements(measurements.input(), measurements.sampleLines(),
                measurements.sampleBytes(), sized, measurements.rangeSizes(), measurements.crossoverSizes(),
                measurements.trials(), measurements.cells());
        BuiltCandidate dense = withSizes.reference();
        return adding(withSizes, new BuiltCandidate(new Candidate(dense.candidate().layout(),
                dense.candidate().linesPerShard(), dense.candidate().index(), Compression.zstd()), dense.files(),
                dense.indexBytesPerLine(), 26 + dense.indexBytesPerLine()), factor);
    }

    /** The recording with a candidate added whose figures are the dense single file's of the same trial times a factor. */
    private static Measurements adding(Measurements measurements, BuiltCandidate added, double factor) {
        List<BuiltCandidate> candidates = new ArrayList<>(measurements.candidates());
        candidates.add(added);
        List<Cell> cells = new ArrayList<>(measurements.cells());
        for (Cell cell : measurements.cells()) {
            if (cell.candidate().equals(DENSE)) {
                cells.add(new Cell(added.name(), cell.reader(), cell.position(), cell.linesPerRead(),
                        cell.bytesPerRead(), cell.readsPerSecond().stream().map(r -> r * factor).toList()));
            }
        }
        return new Measurements(measurements.input(), measurements.sampleLines(), measurements.sampleBytes(),
                candidates, measurements.rangeSizes(), measurements.crossoverSizes(), measurements.trials(), cells);
    }

    /** The recording with one candidate's figures multiplied by a factor. */
    static Measurements scaling(Measurements measurements, String target, double factor) {
        return replacing(measurements, cell -> cell.candidate().equals(target), cell -> cell.readsPerSecond().stream().map(r -> r * factor).toList());
    }

    /**
     * The recording with every file-channel figure of reads under 1,000 lines divided by 3 and of
     * larger ones multiplied by 3: the channel measurably loses below about 10 KB and wins above.
     */
    static Measurements sharpCrossover(Measurements measurements) {
        return replacing(measurements, cell -> cell.reader() == ReadMethod.FILE_CHANNEL, cell -> cell.readsPerSecond()
                .stream().map(r -> cell.linesPerRead() < 1_000 ? r / 3 : r * 3).toList());
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
