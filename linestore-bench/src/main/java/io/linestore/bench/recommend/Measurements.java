package io.linestore.bench.recommend;

import io.linestore.ReadMethod;
import io.linestore.bench.config.Position;
import java.util.List;
import java.util.Objects;

/**
 * Everything {@code recommend} measured on a sample, and all the decision needs: written to
 * {@code recommend.json} by {@code --out}, and read back from recorded runs by the decision tests.
 * Immutable.
 *
 * @param input the user's file, as named
 * @param sampleLines the sample's lines
 * @param sampleBytes the sample's bytes
 * @param candidates the candidates as built, the reference (single file, dense index) first
 * @param rangeSizes lines per read measured on every candidate at every position
 * @param crossoverSizes lines per read measured on the reference, in the middle, through the mapping
 *     and the file channel
 * @param trials the trials every cell ran, interleaved
 * @param cells every measured combination
 */
public record Measurements(
        String input,
        long sampleLines,
        long sampleBytes,
        List<BuiltCandidate> candidates,
        List<Integer> rangeSizes,
        List<Integer> crossoverSizes,
        int trials,
        List<Cell> cells) {

    /** The read methods measured: the two {@link ReadMethod#AUTO} chooses between. */
    public static final List<ReadMethod> READERS = List.of(ReadMethod.MMAP, ReadMethod.FILE_CHANNEL);

    /**
     * Copies the lists and checks every cell has {@code trials} figures.
     *
     * @throws IllegalArgumentException if there is no candidate, or a cell has another number of trials
     * @throws NullPointerException if an argument is null
     */
    public Measurements {
        Objects.requireNonNull(input, "input");
        candidates = List.copyOf(candidates);
        rangeSizes = List.copyOf(rangeSizes);
        crossoverSizes = List.copyOf(crossoverSizes);
        cells = List.copyOf(cells);
        if (candidates.isEmpty()) {
            throw new IllegalArgumentException("no candidate measured");
        }
        for (Cell cell : cells) {
            if (cell.readsPerSecond().size() != trials) {
                throw new IllegalArgumentException("cell " + cell.candidate() + " " + cell.reader() + " "
                        + cell.position() + " " + cell.linesPerRead() + " has " + cell.readsPerSecond().size()
                        + " trials, expected " + trials);
            }
        }
    }

    /**
     * Returns a measured cell.
     *
     * @param candidate the candidate's name
     * @param reader the read method
     * @param position the position
     * @param linesPerRead lines per read
     * @return the cell
     * @throws IllegalArgumentException naming the combination if it was not measured
     */
    public Cell cell(String candidate, ReadMethod reader, Position position, int linesPerRead) {
        return cells.stream().filter(c -> c.is(candidate, reader, position, linesPerRead)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("not measured: " + candidate + " " + reader + " "
                        + position + " " + linesPerRead + " lines per read"));
    }

    /**
     * Returns the reference candidate, on which the crossover is measured.
     *
     * @return the first candidate
     */
    public BuiltCandidate reference() {
        return candidates.getFirst();
    }
}
