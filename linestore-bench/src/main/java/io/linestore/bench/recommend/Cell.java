package io.linestore.bench.recommend;

import io.linestore.ReadMethod;
import io.linestore.bench.config.Position;
import java.util.List;
import java.util.Objects;

/**
 * One measured combination: a candidate read with one method at one position, so many lines per
 * read, with its reads per second in every trial.
 *
 * @param candidate the candidate's {@link Candidate#name() name}
 * @param reader the read method
 * @param position where in the sample store the reads start
 * @param linesPerRead lines per read
 * @param bytesPerRead bytes per read: lines times the sample's average line length
 * @param readsPerSecond one figure per trial, in trial order
 */
public record Cell(String candidate, ReadMethod reader, Position position, int linesPerRead, long bytesPerRead,
        List<Double> readsPerSecond) {

    /**
     * Copies the list.
     *
     * @throws NullPointerException if an argument is null
     */
    public Cell {
        Objects.requireNonNull(candidate, "candidate");
        Objects.requireNonNull(reader, "reader");
        Objects.requireNonNull(position, "position");
        readsPerSecond = List.copyOf(readsPerSecond);
    }

    /**
     * Tells whether this cell is the given combination.
     *
     * @param candidateName the candidate's name
     * @param method the read method
     * @param at the position
     * @param lines lines per read
     * @return true when every part matches
     */
    public boolean is(String candidateName, ReadMethod method, Position at, int lines) {
        return candidate.equals(candidateName) && reader == method && position == at && linesPerRead == lines;
    }
}
