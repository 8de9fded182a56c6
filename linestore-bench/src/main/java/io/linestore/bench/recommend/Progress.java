package io.linestore.bench.recommend;

/** Hears which step {@code recommend} is at, for a progress display. Called from the measuring thread. */
@FunctionalInterface
public interface Progress {

    /** Shows nothing. */
    Progress NONE = step -> { };

    /**
     * Says that a step starts.
     *
     * @param step what is being done, such as {@code "trial 3 of 9"}
     */
    void step(String step);
}
