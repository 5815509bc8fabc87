! Example and test of the fft3d Fortran module on the CPU backend.
!
! Transforms Fortran arrays A(nx,ny,nz) and A(n,batch) as they stand, checks
! them against a direct DFT computed here, checks the normalised round trip,
! the out-of-place transform and the status codes of bad calls. Prints
! "N passed, M failed" last and stops with an error if any check failed.
program example_fft3d
  use fft3d
  implicit none

  integer, parameter :: dp = kind(1.0d0)
  integer(c_int), parameter :: cpu = ior(FFT3D_ESTIMATE, FFT3D_BACKEND_CPU)
  real(dp), parameter :: two_pi = 8.0_dp * atan(1.0_dp)
  integer(c_int), parameter :: nx = 8, ny = 6, nz = 5
  integer(c_int), parameter :: n1 = 12
  integer(c_long_long), parameter :: batch = 7
  integer, parameter :: nfreq = 6
  ! Frequencies checked against the direct DFT (0-based, as in the C docs).
  integer, parameter :: freqs(3, nfreq) = reshape([0, 0, 0, 1, 2, 3, nx - 1, 0, 4, &
                                                   nx / 2, ny / 2, 2, 3, ny - 1, nz - 1, &
                                                   nx - 1, ny - 1, nz - 1], [3, nfreq])

  integer :: npass = 0, nfail = 0

  call random_seed()
  write (*, '(a)') fft3d_string(fft3d_version_string())

  call test_3d_f64()
  call test_3d_f32()
  call test_batched_f64()
  call test_batched_f32()
  call test_round_trip()
  call test_out_of_place()
  call test_plan_queries()
  call test_bad_calls()

  write (*, '(i0, a, i0, a)') npass, ' passed, ', nfail, ' failed'
  if (nfail > 0) error stop 1

contains

  subroutine check(ok, what)
    logical, intent(in) :: ok
    character(len=*), intent(in) :: what
    if (ok) then
      npass = npass + 1
      write (*, '(a, a)') 'ok    ', what
    else
      nfail = nfail + 1
      write (*, '(a, a)') 'FAIL  ', what
    end if
  end subroutine check

  subroutine check_status(status, expected, what)
    integer(c_int), intent(in) :: status, expected
    character(len=*), intent(in) :: what
    call check(status == expected, what)
    if (status /= expected) write (*, '(a, i0, a, i0, a, a)') '      status ', status, &
        ' (expected ', expected, '): ', fft3d_error_message(status)
  end subroutine check_status

  ! Complex random values with re, im in [-0.5, 0.5).
  ! Explicit shape, so that arrays of any rank are passed by sequence
  ! association: call random_complex(a, size(a)).
  subroutine random_complex(a, n)
    integer, intent(in) :: n
    complex(dp), intent(out) :: a(n)
    real(dp) :: re(n), im(n)
    call random_number(re)
    call random_number(im)
    a = cmplx(re - 0.5_dp, im - 0.5_dp, kind=dp)
  end subroutine random_complex

  ! Direct 3-D DFT of a at the 0-based frequency k, exp(-2 pi i jk/n).
  function dft3(a, k) result(s)
    complex(dp), intent(in) :: a(:,:,:)
    integer, intent(in) :: k(3)
    complex(dp) :: s
    integer :: jx, jy, jz, m(3)
    real(dp) :: phase
    m = shape(a)
    s = (0.0_dp, 0.0_dp)
    do jz = 0, m(3) - 1
      do jy = 0, m(2) - 1
        do jx = 0, m(1) - 1
          phase = -two_pi * (real(mod(k(1) * jx, m(1)), dp) / m(1) + &
                             real(mod(k(2) * jy, m(2)), dp) / m(2) + &
                             real(mod(k(3) * jz, m(3)), dp) / m(3))
          s = s + a(jx + 1, jy + 1, jz + 1) * cmplx(cos(phase), sin(phase), kind=dp)
        end do
      end do
    end do
  end function dft3

  ! Direct 1-D DFT of every row a(:, b), all frequencies.
  function dft_rows(a) result(x)
    complex(dp), intent(in) :: a(:,:)
    complex(dp) :: x(size(a, 1), size(a, 2))
    integer :: j, k, n
    real(dp) :: phase
    n = size(a, 1)
    x = (0.0_dp, 0.0_dp)
    do k = 0, n - 1
      do j = 0, n - 1
        phase = -two_pi * real(mod(j * k, n), dp) / n
        x(k + 1, :) = x(k + 1, :) + a(j + 1, :) * cmplx(cos(phase), sin(phase), kind=dp)
      end do
    end do
  end function dft_rows

  ! Largest error at the checked frequencies, relative to ||a||_2 (the rms of
  ! |X(k)| by Parseval).
  function max_error_3d(a, x) result(err)
    complex(dp), intent(in) :: a(:,:,:), x(:,:,:)
    real(dp) :: err
    integer :: f
    err = 0.0_dp
    do f = 1, nfreq
      err = max(err, abs(x(freqs(1, f) + 1, freqs(2, f) + 1, freqs(3, f) + 1) - dft3(a, freqs(:, f))))
    end do
    err = err / sqrt(sum(abs(a)**2))
  end function max_error_3d

  subroutine test_3d_f64()
    complex(c_double_complex), allocatable, target :: a(:,:,:)
    complex(dp), allocatable :: a0(:,:,:)
    type(c_ptr) :: plan
    real(dp) :: err

    allocate(a(nx, ny, nz), a0(nx, ny, nz))
    call random_complex(a0, size(a0))
    a = a0
    call check_status(fft3d_plan_create_3d(plan, nx, ny, nz, FFT3D_C2C_F64, cpu), FFT3D_SUCCESS, &
                      '3-D f64 plan')
    call check_status(fft3d_forward_array(plan, a), FFT3D_SUCCESS, '3-D f64 forward')
    err = max_error_3d(a0, a)
    write (*, '(a, es10.3)') '      3-D f64 relative error ', err
    call check(err < 1.0e-12_dp, '3-D f64 forward matches the direct DFT')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, '3-D f64 destroy')
  end subroutine test_3d_f64

  subroutine test_3d_f32()
    complex(c_float_complex), allocatable, target :: b(:,:,:)
    complex(dp), allocatable :: a0(:,:,:)
    type(c_ptr) :: plan
    real(dp) :: err

    allocate(b(nx, ny, nz), a0(nx, ny, nz))
    call random_complex(a0, size(a0))
    b = cmplx(a0, kind=c_float_complex)
    a0 = cmplx(b, kind=dp)   ! the reference sees exactly the single-precision input
    call check_status(fft3d_plan_create_3d(plan, nx, ny, nz, FFT3D_C2C_F32, cpu), FFT3D_SUCCESS, &
                      '3-D f32 plan')
    call check_status(fft3d_forward_array(plan, b), FFT3D_SUCCESS, '3-D f32 forward')
    err = max_error_3d(a0, cmplx(b, kind=dp))
    write (*, '(a, es10.3)') '      3-D f32 relative error ', err
    call check(err < 1.0e-5_dp, '3-D f32 forward matches the direct DFT')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, '3-D f32 destroy')
  end subroutine test_3d_f32

  subroutine test_batched_f64()
    complex(c_double_complex), allocatable, target :: a(:,:)
    complex(dp), allocatable :: a0(:,:)
    type(c_ptr) :: plan
    real(dp) :: err

    allocate(a(n1, batch), a0(n1, batch))
    call random_complex(a0, size(a0))
    a = a0
    call check_status(fft3d_plan_create_1d_batched(plan, n1, batch, FFT3D_C2C_F64, cpu), FFT3D_SUCCESS, &
                      'batched f64 plan')
    call check_status(fft3d_forward_array(plan, a), FFT3D_SUCCESS, 'batched f64 forward')
    err = maxval(abs(a - dft_rows(a0))) / sqrt(sum(abs(a0)**2) / batch)
    write (*, '(a, es10.3)') '      batched f64 relative error ', err
    call check(err < 1.0e-12_dp, 'batched f64 rows match the direct DFT')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, 'batched f64 destroy')
  end subroutine test_batched_f64

  subroutine test_batched_f32()
    complex(c_float_complex), allocatable, target :: b(:,:)
    complex(dp), allocatable :: a0(:,:)
    type(c_ptr) :: plan
    real(dp) :: err

    allocate(b(n1, batch), a0(n1, batch))
    call random_complex(a0, size(a0))
    b = cmplx(a0, kind=c_float_complex)
    a0 = cmplx(b, kind=dp)
    call check_status(fft3d_plan_create_1d_batched(plan, n1, batch, FFT3D_C2C_F32, cpu), FFT3D_SUCCESS, &
                      'batched f32 plan')
    call check_status(fft3d_forward_array(plan, b), FFT3D_SUCCESS, 'batched f32 forward')
    err = maxval(abs(cmplx(b, kind=dp) - dft_rows(a0))) / sqrt(sum(abs(a0)**2) / batch)
    write (*, '(a, es10.3)') '      batched f32 relative error ', err
    call check(err < 1.0e-5_dp, 'batched f32 rows match the direct DFT')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, 'batched f32 destroy')
  end subroutine test_batched_f32

  subroutine test_round_trip()
    complex(c_double_complex), allocatable, target :: a(:,:,:), r(:,:)
    complex(c_float_complex), allocatable, target :: b(:,:,:)
    complex(dp), allocatable :: a0(:,:,:), r0(:,:)
    type(c_ptr) :: plan
    real(dp) :: err

    allocate(a(nx, ny, nz), a0(nx, ny, nz), b(nx, ny, nz), r(n1, batch), r0(n1, batch))
    call random_complex(a0, size(a0))

    ! FFT3D_NORMALIZE: inverse(forward(A)) = A.
    a = a0
    call check_status(fft3d_plan_create_3d(plan, nx, ny, nz, FFT3D_C2C_F64, ior(cpu, FFT3D_NORMALIZE)), &
                      FFT3D_SUCCESS, 'normalised 3-D f64 plan')
    call check_status(fft3d_forward_array(plan, a), FFT3D_SUCCESS, 'normalised 3-D f64 forward')
    call check_status(fft3d_inverse_array(plan, a), FFT3D_SUCCESS, 'normalised 3-D f64 inverse')
    err = maxval(abs(a - a0)) / maxval(abs(a0))
    call check(err < 1.0e-13_dp, 'normalised 3-D f64 round trip gives A back')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, 'normalised 3-D f64 destroy')

    b = cmplx(a0, kind=c_float_complex)
    call check_status(fft3d_plan_create_3d(plan, nx, ny, nz, FFT3D_C2C_F32, ior(cpu, FFT3D_NORMALIZE)), &
                      FFT3D_SUCCESS, 'normalised 3-D f32 plan')
    call check_status(fft3d_forward_array(plan, b), FFT3D_SUCCESS, 'normalised 3-D f32 forward')
    call check_status(fft3d_inverse_array(plan, b), FFT3D_SUCCESS, 'normalised 3-D f32 inverse')
    err = maxval(abs(cmplx(b, kind=dp) - a0)) / maxval(abs(a0))
    call check(err < 1.0e-5_dp, 'normalised 3-D f32 round trip gives A back')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, 'normalised 3-D f32 destroy')

    ! Without it the round trip scales by N = nx*ny*nz.
    a = a0
    call check_status(fft3d_plan_create_3d(plan, nx, ny, nz, FFT3D_C2C_F64, cpu), FFT3D_SUCCESS, &
                      'unnormalised 3-D f64 plan')
    call check_status(fft3d_forward_array(plan, a), FFT3D_SUCCESS, 'unnormalised 3-D f64 forward')
    call check_status(fft3d_inverse_array(plan, a), FFT3D_SUCCESS, 'unnormalised 3-D f64 inverse')
    err = maxval(abs(a / real(nx * ny * nz, dp) - a0)) / maxval(abs(a0))
    call check(err < 1.0e-13_dp, 'unnormalised 3-D f64 round trip gives N*A')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, 'unnormalised 3-D f64 destroy')

    ! Batched rows, normalised by n.
    call random_complex(r0, size(r0))
    r = r0
    call check_status(fft3d_plan_create_1d_batched(plan, n1, batch, FFT3D_C2C_F64, ior(cpu, FFT3D_NORMALIZE)), &
                      FFT3D_SUCCESS, 'normalised batched f64 plan')
    call check_status(fft3d_forward_array(plan, r), FFT3D_SUCCESS, 'normalised batched f64 forward')
    call check_status(fft3d_inverse_array(plan, r), FFT3D_SUCCESS, 'normalised batched f64 inverse')
    err = maxval(abs(r - r0)) / maxval(abs(r0))
    call check(err < 1.0e-13_dp, 'normalised batched f64 round trip gives A back')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, 'normalised batched f64 destroy')
  end subroutine test_round_trip

  ! fft3d_forward_out with c_loc: the input is untouched, the output equals
  ! the in-place transform.
  subroutine test_out_of_place()
    complex(c_double_complex), allocatable, target :: a(:,:,:), in(:,:,:), out(:,:,:)
    type(c_ptr) :: plan

    allocate(a(nx, ny, nz), in(nx, ny, nz), out(nx, ny, nz))
    call random_complex(a, size(a))
    in = a
    out = (0.0_dp, 0.0_dp)
    call check_status(fft3d_plan_create_3d(plan, nx, ny, nz, FFT3D_C2C_F64, cpu), FFT3D_SUCCESS, &
                      'out-of-place plan')
    call check_status(fft3d_forward_out(plan, c_loc(in), c_loc(out)), FFT3D_SUCCESS, 'forward_out')
    call check(maxval(abs(in - a)) <= 0.0_dp, 'forward_out leaves the input untouched')
    call check_status(fft3d_forward_array(plan, a), FFT3D_SUCCESS, 'in-place forward for comparison')
    call check(maxval(abs(out - a)) <= 1.0e-12_dp * maxval(abs(a)), 'forward_out equals the in-place forward')
    call check_status(fft3d_inverse_out(plan, c_loc(out), c_loc(in)), FFT3D_SUCCESS, 'inverse_out')
    ! forward_on_stream / set_stream: CPU plans accept and ignore the stream.
    call check_status(fft3d_set_stream(plan, c_null_ptr), FFT3D_SUCCESS, 'set_stream on a CPU plan')
    call check_status(fft3d_forward_on_stream(plan, c_loc(in), c_null_ptr), FFT3D_SUCCESS, &
                      'forward_on_stream on a CPU plan')
    call check_status(fft3d_inverse_on_stream(plan, c_loc(in), c_null_ptr), FFT3D_SUCCESS, &
                      'inverse_on_stream on a CPU plan')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, 'out-of-place destroy')
  end subroutine test_out_of_place

  subroutine test_plan_queries()
    type(c_ptr) :: plan
    integer(c_int) :: backend
    character(len=:), allocatable :: text

    call check_status(fft3d_plan_create_3d(plan, nx, ny, nz, FFT3D_C2C_F64, cpu), FFT3D_SUCCESS, &
                      'query plan')
    backend = -1
    call check_status(fft3d_plan_get_backend(plan, backend), FFT3D_SUCCESS, 'get_backend')
    call check(backend == FFT3D_BACKEND_CPU, 'a FFT3D_BACKEND_CPU plan runs on the CPU')
    text = fft3d_describe(plan)
    write (*, '(a, a)') '      describe: ', text
    call check(len(text) > 0, 'describe gives a description')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, 'query plan destroy')
    call check(index(fft3d_string(fft3d_version_string()), '0.1') > 0, 'version string names 0.1')
    call check(fft3d_string(fft3d_error_string(FFT3D_SUCCESS)) == 'success', 'error_string(FFT3D_SUCCESS)')
    call check(fft3d_string(c_null_ptr) == '', 'fft3d_string(c_null_ptr) is empty')
  end subroutine test_plan_queries

  subroutine test_bad_calls()
    complex(c_double_complex), allocatable, target :: a(:,:,:)
    type(c_ptr) :: plan
    integer(c_int) :: status
    character(len=:), allocatable :: msg

    allocate(a(nx, ny, nz))
    a = (1.0_dp, 0.0_dp)

    status = fft3d_plan_create_3d(plan, 0_c_int, ny, nz, FFT3D_C2C_F64, cpu)
    call check_status(status, FFT3D_ERROR_INVALID_ARGUMENT, 'nx = 0 is an invalid argument')
    call check(.not. c_associated(plan), 'nx = 0 leaves a null plan')
    msg = fft3d_error_message(status)
    write (*, '(a, a)') '      message: ', msg
    call check(index(msg, 'invalid argument') == 1, 'error message starts with the status text')

    status = fft3d_plan_create_3d(plan, nx, ny, nz, FFT3D_C2C_F64, ior(cpu, int(2**20, c_int)))
    call check_status(status, FFT3D_ERROR_INVALID_ARGUMENT, 'an unknown flag bit is an invalid argument')
    call check(.not. c_associated(plan), 'an unknown flag bit leaves a null plan')

    status = fft3d_plan_create_1d_batched(plan, n1, -1_c_long_long, FFT3D_C2C_F64, cpu)
    call check_status(status, FFT3D_ERROR_INVALID_ARGUMENT, 'batch = -1 is an invalid argument')

    call check_status(fft3d_plan_create_3d(plan, nx, ny, nz, FFT3D_C2C_F64, cpu), FFT3D_SUCCESS, &
                      'plan to destroy')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, 'destroy')
    call check_status(fft3d_forward_array(plan, a), FFT3D_ERROR_INVALID_ARGUMENT, &
                      'forward on a destroyed plan is an invalid argument')
    call check_status(fft3d_plan_destroy(plan), FFT3D_ERROR_INVALID_ARGUMENT, &
                      'destroying a plan twice is an invalid argument')
    call check_status(fft3d_forward(c_null_ptr, c_loc(a)), FFT3D_ERROR_INVALID_ARGUMENT, &
                      'forward on a null plan is an invalid argument')
    call check_status(fft3d_plan_destroy(c_null_ptr), FFT3D_SUCCESS, 'destroying a null plan is a no-op')
  end subroutine test_bad_calls

end program example_fft3d
