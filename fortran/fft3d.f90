! fft3d: Fortran 2008 bindings to the fft3d C API (include/fft3d.h).
!
! The module is a thin layer over ISO_C_BINDING: every C function has a
! bind(c) interface of the same name, taking and returning the same values.
!
!   - A plan is a type(c_ptr) (the C fft3d_plan); c_null_ptr after a failed
!     create, like the C API.
!   - Statuses, types and flags are integer(c_int) parameters with the C
!     values. The C flags are `unsigned`; they are passed as c_int with the
!     same bits (combine them with ior(), or with + since the bits differ).
!   - Layout: an array A(nx,ny,nz) as it stands is what a 3-D plan of size
!     (nx,ny,nz) expects (x contiguous, then y, then z); batched 1-D rows are
!     the columns of A(n,batch). Complex values are complex(c_float_complex)
!     or complex(c_double_complex) (interleaved re, im, as in C).
!   - Transforms are in place and unnormalised unless the plan was created
!     with FFT3D_NORMALIZE: forward uses exp(-2 pi i jk/n), inverse
!     exp(+2 pi i jk/n).
!   - Nothing prints or aborts: every function returns a status, and
!     fft3d_error_message(status) gives a readable text including the detail
!     of the calling thread's last failure.
!
! Host arrays and GPU plans: fft3d_forward_array / fft3d_inverse_array take
! Fortran host arrays and are for CPU-backend plans (FFT3D_BACKEND_CPU, or a
! default plan that went to the CPU). A GPU plan takes a device pointer: pass
! it as a type(c_ptr) to fft3d_forward / fft3d_inverse directly (for example
! c_devloc(A) from CUDA Fortran, or the device address OpenACC gives inside
! `host_data use_device(A)`). A host array given to a GPU plan returns
! FFT3D_ERROR_INVALID_POINTER and is left untouched; host arrays on GPU plans
! (copying through device memory) will be supported by host entry points in a
! later version.
!
! Example:
!   use fft3d
!   type(c_ptr) :: plan
!   complex(c_double_complex), allocatable, target :: a(:,:,:)
!   allocate(a(nx,ny,nz))
!   st = fft3d_plan_create_3d(plan, nx, ny, nz, FFT3D_C2C_F64, &
!                             ior(FFT3D_ESTIMATE, FFT3D_BACKEND_CPU))
!   if (st /= FFT3D_SUCCESS) print *, fft3d_error_message(st)
!   st = fft3d_forward_array(plan, a)
!   st = fft3d_plan_destroy(plan)
module fft3d
  use, intrinsic :: iso_c_binding, only: c_int, c_long_long, c_size_t, c_char, c_ptr, &
                                         c_null_ptr, c_null_char, c_associated, c_loc, &
                                         c_f_pointer, c_float_complex, c_double_complex
  implicit none
  private

  ! Re-exported so that `use fft3d` is enough for the common cases.
  public :: c_int, c_long_long, c_size_t, c_char, c_ptr, c_null_ptr, c_associated, c_loc, &
            c_float_complex, c_double_complex

  ! fft3d_status (same order as the C enum)
  integer(c_int), parameter, public :: FFT3D_SUCCESS = 0
  integer(c_int), parameter, public :: FFT3D_ERROR_INVALID_ARGUMENT = 1
  integer(c_int), parameter, public :: FFT3D_ERROR_UNSUPPORTED_SIZE = 2
  integer(c_int), parameter, public :: FFT3D_ERROR_INVALID_POINTER = 3
  integer(c_int), parameter, public :: FFT3D_ERROR_OUT_OF_MEMORY = 4
  integer(c_int), parameter, public :: FFT3D_ERROR_NO_DEVICE = 5
  integer(c_int), parameter, public :: FFT3D_ERROR_CUDA = 6
  integer(c_int), parameter, public :: FFT3D_ERROR_NVRTC = 7
  integer(c_int), parameter, public :: FFT3D_ERROR_WISDOM = 8
  integer(c_int), parameter, public :: FFT3D_ERROR_MPI = 9
  integer(c_int), parameter, public :: FFT3D_ERROR_INTERNAL = 10

  ! fft3d_type
  integer(c_int), parameter, public :: FFT3D_C2C_F32 = 0
  integer(c_int), parameter, public :: FFT3D_C2C_F64 = 1
  integer(c_int), parameter, public :: FFT3D_R2C_F32 = 2
  integer(c_int), parameter, public :: FFT3D_R2C_F64 = 3

  ! flags: tuning mode | backend | normalisation (C: unsigned, same bits)
  integer(c_int), parameter, public :: FFT3D_ESTIMATE = 0
  integer(c_int), parameter, public :: FFT3D_MEASURE = 1
  integer(c_int), parameter, public :: FFT3D_EXHAUSTIVE = 2
  integer(c_int), parameter, public :: FFT3D_BACKEND_CPU = 256   ! 1 << 8
  integer(c_int), parameter, public :: FFT3D_BACKEND_GPU = 512   ! 1 << 9
  integer(c_int), parameter, public :: FFT3D_NORMALIZE = 4096    ! 1 << 12

  integer(c_int), parameter, public :: FFT3D_VERSION_MAJOR = 0
  integer(c_int), parameter, public :: FFT3D_VERSION_MINOR = 1
  integer(c_int), parameter, public :: FFT3D_VERSION_PATCH = 0

  public :: fft3d_plan_create_3d, fft3d_plan_create_1d_batched, fft3d_plan_destroy
  public :: fft3d_forward, fft3d_inverse, fft3d_forward_out, fft3d_inverse_out
  public :: fft3d_set_stream, fft3d_forward_on_stream, fft3d_inverse_on_stream
  public :: fft3d_plan_get_backend, fft3d_plan_describe
  public :: fft3d_error_string, fft3d_last_error_message, fft3d_version_string
  public :: fft3d_string, fft3d_error_message, fft3d_describe
  public :: fft3d_forward_array, fft3d_inverse_array

  interface
    ! Plans. On failure plan is set to c_null_ptr.
    function fft3d_plan_create_3d(plan, nx, ny, nz, type, flags) result(status) &
        bind(c, name='fft3d_plan_create_3d')
      import :: c_int, c_ptr
      type(c_ptr), intent(out) :: plan
      integer(c_int), value, intent(in) :: nx, ny, nz, type, flags
      integer(c_int) :: status
    end function fft3d_plan_create_3d

    function fft3d_plan_create_1d_batched(plan, n, batch, type, flags) result(status) &
        bind(c, name='fft3d_plan_create_1d_batched')
      import :: c_int, c_long_long, c_ptr
      type(c_ptr), intent(out) :: plan
      integer(c_int), value, intent(in) :: n
      integer(c_long_long), value, intent(in) :: batch
      integer(c_int), value, intent(in) :: type, flags
      integer(c_int) :: status
    end function fft3d_plan_create_1d_batched

    ! Destroying c_null_ptr is a no-op; destroying a plan twice returns
    ! FFT3D_ERROR_INVALID_ARGUMENT.
    function fft3d_plan_destroy(plan) result(status) bind(c, name='fft3d_plan_destroy')
      import :: c_int, c_ptr
      type(c_ptr), value, intent(in) :: plan
      integer(c_int) :: status
    end function fft3d_plan_destroy

    ! In place. data: a host address (c_loc(A)) for CPU plans, a device
    ! address for GPU plans.
    function fft3d_forward(plan, data) result(status) bind(c, name='fft3d_forward')
      import :: c_int, c_ptr
      type(c_ptr), value, intent(in) :: plan, data
      integer(c_int) :: status
    end function fft3d_forward

    function fft3d_inverse(plan, data) result(status) bind(c, name='fft3d_inverse')
      import :: c_int, c_ptr
      type(c_ptr), value, intent(in) :: plan, data
      integer(c_int) :: status
    end function fft3d_inverse

    ! Out of place: in is left untouched, out receives the transform.
    function fft3d_forward_out(plan, in, out) result(status) bind(c, name='fft3d_forward_out')
      import :: c_int, c_ptr
      type(c_ptr), value, intent(in) :: plan, in, out
      integer(c_int) :: status
    end function fft3d_forward_out

    function fft3d_inverse_out(plan, in, out) result(status) bind(c, name='fft3d_inverse_out')
      import :: c_int, c_ptr
      type(c_ptr), value, intent(in) :: plan, in, out
      integer(c_int) :: status
    end function fft3d_inverse_out

    ! stream: a cudaStream_t as a type(c_ptr) (c_null_ptr: the legacy default
    ! stream). CPU plans accept and ignore it.
    function fft3d_set_stream(plan, stream) result(status) bind(c, name='fft3d_set_stream')
      import :: c_int, c_ptr
      type(c_ptr), value, intent(in) :: plan, stream
      integer(c_int) :: status
    end function fft3d_set_stream

    function fft3d_forward_on_stream(plan, data, stream) result(status) &
        bind(c, name='fft3d_forward_on_stream')
      import :: c_int, c_ptr
      type(c_ptr), value, intent(in) :: plan, data, stream
      integer(c_int) :: status
    end function fft3d_forward_on_stream

    function fft3d_inverse_on_stream(plan, data, stream) result(status) &
        bind(c, name='fft3d_inverse_on_stream')
      import :: c_int, c_ptr
      type(c_ptr), value, intent(in) :: plan, data, stream
      integer(c_int) :: status
    end function fft3d_inverse_on_stream

    ! backend receives FFT3D_BACKEND_CPU or FFT3D_BACKEND_GPU.
    function fft3d_plan_get_backend(plan, backend) result(status) &
        bind(c, name='fft3d_plan_get_backend')
      import :: c_int, c_ptr
      type(c_ptr), value, intent(in) :: plan
      integer(c_int), intent(out) :: backend
      integer(c_int) :: status
    end function fft3d_plan_get_backend

    ! Writes at most len characters including the terminating NUL into buf;
    ! needed receives the full length + 1. fft3d_describe(plan) wraps it.
    function fft3d_plan_describe(plan, buf, len, needed) result(status) &
        bind(c, name='fft3d_plan_describe')
      import :: c_int, c_ptr, c_char, c_size_t
      type(c_ptr), value, intent(in) :: plan
      character(kind=c_char), dimension(*), intent(inout) :: buf
      integer(c_size_t), value, intent(in) :: len
      integer(c_size_t), intent(out) :: needed
      integer(c_int) :: status
    end function fft3d_plan_describe

    ! These return a pointer to a NUL-terminated C string owned by the
    ! library; fft3d_string(p) turns it into a Fortran character.
    function fft3d_error_string(status) result(p) bind(c, name='fft3d_error_string')
      import :: c_int, c_ptr
      integer(c_int), value, intent(in) :: status
      type(c_ptr) :: p
    end function fft3d_error_string

    function fft3d_last_error_message() result(p) bind(c, name='fft3d_last_error_message')
      import :: c_ptr
      type(c_ptr) :: p
    end function fft3d_last_error_message

    function fft3d_version_string() result(p) bind(c, name='fft3d_version_string')
      import :: c_ptr
      type(c_ptr) :: p
    end function fft3d_version_string
  end interface

  interface
    function c_strlen(s) result(n) bind(c, name='strlen')
      import :: c_ptr, c_size_t
      type(c_ptr), value, intent(in) :: s
      integer(c_size_t) :: n
    end function c_strlen
  end interface

  ! Host arrays on CPU plans: status = fft3d_forward_array(plan, A) with
  ! A(nx,ny,nz) for 3-D plans or A(n,batch) for batched rows, complex of kind
  ! c_float_complex (F32 plans) or c_double_complex (F64 plans). The array
  ! must be contiguous and hold exactly the plan's elements; the kind must
  ! match the plan's precision (the C library cannot check either).
  ! GPU plans: pass a device pointer to fft3d_forward / fft3d_inverse (see
  ! the note at the top); host arrays on GPU plans will be supported by host
  ! entry points in a later version.
  interface fft3d_forward_array
    module procedure forward_c32_3d, forward_c64_3d, forward_c32_2d, forward_c64_2d
  end interface fft3d_forward_array

  interface fft3d_inverse_array
    module procedure inverse_c32_3d, inverse_c64_3d, inverse_c32_2d, inverse_c64_2d
  end interface fft3d_inverse_array

contains

  ! A NUL-terminated C string as a Fortran character ("" for c_null_ptr).
  function fft3d_string(p) result(s)
    type(c_ptr), intent(in) :: p
    character(len=:), allocatable :: s
    character(kind=c_char), dimension(:), pointer :: chars
    integer :: n, i

    if (.not. c_associated(p)) then
      s = ''
      return
    end if
    n = int(c_strlen(p))
    call c_f_pointer(p, chars, [n])
    allocate(character(len=n) :: s)
    do i = 1, n
      s(i:i) = chars(i)
    end do
  end function fft3d_string

  ! "invalid argument: <detail>" for a status, with the calling thread's last
  ! failure detail when there is one.
  function fft3d_error_message(status) result(s)
    integer(c_int), intent(in) :: status
    character(len=:), allocatable :: s
    character(len=:), allocatable :: detail

    s = fft3d_string(fft3d_error_string(status))
    if (status == FFT3D_SUCCESS) return
    detail = fft3d_string(fft3d_last_error_message())
    if (len(detail) > 0) s = s // ': ' // detail
  end function fft3d_error_message

  ! The plan's schedule as text; on failure the error message.
  function fft3d_describe(plan) result(s)
    type(c_ptr), intent(in) :: plan
    character(len=:), allocatable :: s
    character(kind=c_char), dimension(1) :: probe
    character(kind=c_char), dimension(:), allocatable :: buf
    integer(c_size_t) :: needed
    integer(c_int) :: status
    integer :: n, i

    needed = 0
    status = fft3d_plan_describe(plan, probe, 1_c_size_t, needed)
    if (status /= FFT3D_SUCCESS) then
      s = fft3d_error_message(status)
      return
    end if
    allocate(buf(max(needed, 1_c_size_t)))
    status = fft3d_plan_describe(plan, buf, int(size(buf), c_size_t), needed)
    if (status /= FFT3D_SUCCESS) then
      s = fft3d_error_message(status)
      return
    end if
    n = 0
    do while (n < size(buf))
      if (buf(n + 1) == c_null_char) exit
      n = n + 1
    end do
    allocate(character(len=n) :: s)
    do i = 1, n
      s(i:i) = buf(i)
    end do
  end function fft3d_describe

  function forward_c32_3d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    complex(c_float_complex), dimension(:,:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_forward(plan, c_loc(a))
  end function forward_c32_3d

  function forward_c64_3d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    complex(c_double_complex), dimension(:,:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_forward(plan, c_loc(a))
  end function forward_c64_3d

  function forward_c32_2d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    complex(c_float_complex), dimension(:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_forward(plan, c_loc(a))
  end function forward_c32_2d

  function forward_c64_2d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    complex(c_double_complex), dimension(:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_forward(plan, c_loc(a))
  end function forward_c64_2d

  function inverse_c32_3d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    complex(c_float_complex), dimension(:,:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_inverse(plan, c_loc(a))
  end function inverse_c32_3d

  function inverse_c64_3d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    complex(c_double_complex), dimension(:,:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_inverse(plan, c_loc(a))
  end function inverse_c64_3d

  function inverse_c32_2d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    complex(c_float_complex), dimension(:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_inverse(plan, c_loc(a))
  end function inverse_c32_2d

  function inverse_c64_2d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    complex(c_double_complex), dimension(:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_inverse(plan, c_loc(a))
  end function inverse_c64_2d

end module fft3d
