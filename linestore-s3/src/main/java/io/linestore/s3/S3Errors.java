package io.linestore.s3;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import javax.net.ssl.SSLException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.RetryableException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * Turns the SDK's exceptions, which carry request ids and several lines, into one line a user can
 * act on: which endpoint, bucket or key, and what to check. Stateless.
 */
final class S3Errors {

    private final String endpoint;

    /**
     * Makes the translator.
     *
     * @param endpoint how messages name the server: its URL, or "AWS S3 (region)"
     */
    S3Errors(String endpoint) {
        this.endpoint = endpoint;
    }

    /**
     * How messages name the server.
     *
     * @return its URL, or "AWS S3 (region)"
     */
    String endpoint() {
        return endpoint;
    }

    /**
     * Describes a failed request.
     *
     * @param e what the SDK threw
     * @param action what was asked, for example "GET"
     * @param bucket the bucket
     * @param key the key, or empty for the bucket itself
     * @return the exception to throw
     */
    S3StoreException failure(SdkException e, String action, String bucket, String key) {
        String object = "s3://" + bucket + "/" + key;
        if (e instanceof S3Exception s3) {
            String code = s3.awsErrorDetails() == null ? "" : s3.awsErrorDetails().errorCode();
            code = code == null ? "" : code;
            if ("NoSuchBucket".equals(code)) {
                return new S3StoreException("no such bucket: " + bucket + " (at " + endpoint + ")", e);
            }
            if ("NoSuchKey".equals(code) || s3.statusCode() == 404) {
                return new S3StoreException("no such object: " + object + " (at " + endpoint + ")", e, true);
            }
            if (s3.statusCode() == 412) {
                return new S3StoreException(object + " changed: it no longer has the ETag asked for (at " + endpoint
                        + ")", e, true);
            }
            if (s3.statusCode() == 403 || "InvalidAccessKeyId".equals(code) || "SignatureDoesNotMatch".equals(code)) {
                return new S3StoreException(endpoint + " refused " + action + " " + object + " (" + code + ", status "
                        + s3.statusCode() + "): check the credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY) and"
                        + " their rights to the bucket", e);
            }
            return new S3StoreException(endpoint + " failed " + action + " " + object + ": status " + s3.statusCode()
                    + (code.isEmpty() ? "" : " " + code) + firstLine(s3.awsErrorDetails() == null ? null
                            : s3.awsErrorDetails().errorMessage()), e);
        }
        RequestClock.Expired expired = find(e, RequestClock.Expired.class);
        if (expired != null) {
            return new S3StoreException(expired.describe(endpoint, action, object), e);
        }
        if (e instanceof ApiCallTimeoutException || e instanceof ApiCallAttemptTimeoutException
                || has(e, SocketTimeoutException.class)) {
            return new S3StoreException(endpoint + " did not answer " + action + " " + object + " within the timeout"
                    + " of each try: is it overloaded or stalled? (--timeout and --retries, LINESTORE_S3_TIMEOUT and"
                    + " LINESTORE_S3_RETRIES set the limits)", e);
        }
        if (has(e, SSLException.class)) {
            return new S3StoreException("TLS with the S3 endpoint " + endpoint + " failed (" + action + " " + object
                    + "): is its certificate trusted? (-Djavax.net.ssl.trustStore in LINESTORE_JAVA_OPTS names a"
                    + " trust store)", e);
        }
        if (has(e, UnknownHostException.class)) {
            return new S3StoreException("cannot resolve the host of the S3 endpoint " + endpoint
                    + ": check --endpoint or LINESTORE_S3_ENDPOINT", e);
        }
        if (has(e, ConnectException.class)) {
            return new S3StoreException("cannot connect to the S3 endpoint " + endpoint + " (" + action + " " + object
                    + "): is the server running? Check --endpoint or LINESTORE_S3_ENDPOINT", e);
        }
        if (e instanceof SdkClientException && String.valueOf(e.getMessage()).contains("credentials")) {
            return new S3StoreException("no AWS credentials for " + object + ": set AWS_ACCESS_KEY_ID and"
                    + " AWS_SECRET_ACCESS_KEY, or a profile in ~/.aws/credentials", e);
        }
        // A body that broke on every try: the SDK's message is generic, its cause says what broke.
        String detail = e instanceof RetryableException && e.getCause() instanceof IOException broken
                ? broken.getMessage() : e.getMessage();
        return new S3StoreException(action + " " + object + " at " + endpoint + " failed" + firstLine(detail), e);
    }

    private static String firstLine(String message) {
        if (message == null || message.isBlank()) {
            return "";
        }
        int end = message.indexOf('\n');
        return ": " + (end < 0 ? message : message.substring(0, end)).strip();
    }

    private static boolean has(Throwable e, Class<? extends Throwable> type) {
        return find(e, type) != null;
    }

    private static <T extends Throwable> T find(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }
}
