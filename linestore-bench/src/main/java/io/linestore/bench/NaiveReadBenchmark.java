package io.linestore.bench;

import io.linestore.bench.data.LineRanges;
import io.linestore.bench.naive.NaiveRead;
import org.openjdk.jmh.annotations.Param;

/**
 * The naive baselines over the plain generated text file: {@code FileReader.skip} +
 * {@code readLine}, and {@code RandomAccessFile.seek} + {@code readLine}.
 */
public class NaiveReadBenchmark extends RangeReads {

    /** Which naive approach reads. */
    @Param
    public NaiveRead approach;

    /** Creates the benchmark state; JMH calls it. */
    public NaiveReadBenchmark() {
    }

    /** Opens the text file (generating it on first use) and finds where the read lines start. */
    @Override
    protected LineRanges open(long[] firstLines) {
        return approach.open(data().textFile(lines), firstLines);
    }

    @Override
    protected String reader() {
        return "naive " + approach;
    }
}
