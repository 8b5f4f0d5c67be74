// No offloading here: included as it is, under the name the preprocessor found.
#define PLAIN_H 1
